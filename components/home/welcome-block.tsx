"use client";
/** The home screen's greeting: name, streak, and today's minutes of study against the daily goal. */
import { Flame, Target } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import type { AppUser, UserStats } from "@/lib/types/api";
import { useDailyProgress, useStats } from "@/lib/data/use-progress";
import { minutesOf } from "@/lib/study/goal";

/**
 * What is done out of the goal, as a percent capped at 100. Rounded down: 100 % (and 'Goal
 * completed!') only once the goal is met.
 */
export function goalPercent(completed: number, goal: number): number {
  if (goal <= 0) return 100;
  return Math.min(100, Math.floor((completed / goal) * 100));
}

/**
 * "Welcome back" once the learner has done something (a quiz answered, a streak day); a new account
 * is simply welcomed. Named by first name, else username (lib/users/display.ts's greetingName).
 */
export function WelcomeText({
  user,
  activity,
}: {
  user: Pick<AppUser, "firstName" | "username"> | null;
  activity: Pick<UserStats, "totalQuizzes" | "streak" | "longestStreak"> | undefined;
}) {
  const t = useTranslations("home");
  const name = user?.firstName?.trim() || user?.username?.trim() || t("defaultName");
  const returning = activity !== undefined && (activity.totalQuizzes > 0 || activity.streak > 0 || activity.longestStreak > 0);
  return returning ? t("welcomeBack", { name }) : t("welcome", { name });
}

export function WelcomeBlock({ user, loading }: { user: AppUser | null; loading: boolean }) {
  const stats = useStats();
  const t = useTranslations("home");
  return (
    <section
      aria-label={t("welcomeLabel")}
      className="relative grid min-h-44 gap-6 overflow-hidden rounded-3xl bg-gradient-to-br from-violet-700 via-violet-700 to-indigo-800 p-6 text-white shadow-lg sm:p-8 lg:grid-cols-[1fr_minmax(16rem,22rem)] lg:items-center"
    >
      {loading || stats.isPending ? (
        <p className="self-center text-lg font-medium text-white/90">{t("loading")}</p>
      ) : (
        <div className="relative space-y-3">
          <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl" data-testid="welcome-heading">
            <WelcomeText user={user} activity={stats.data} />
          </h1>
          <p className="inline-flex flex-wrap items-center gap-2 rounded-full bg-white/15 px-3 py-1 font-semibold">
            <Flame className="size-5 text-amber-300" aria-hidden />
            <span data-testid="welcome-streak">{t("streak", { count: user?.streak ?? 0 })}</span>
            <span className="text-white/85">· {t("keepItUp")}</span>
          </p>
        </div>
      )}
      <TodayProgress goal={user?.dailyGoal} />
      <div aria-hidden className="pointer-events-none absolute -top-16 -right-16 size-64 rounded-full bg-white/10 blur-2xl" />
    </section>
  );
}

/** Minutes studied today (a video playing, reviews) against the goal; the day's quizzes beside it. */
function TodayProgress({ goal }: { goal: number | undefined }) {
  const progress = useDailyProgress();
  const seconds = progress.data?.secondsStudied ?? 0;
  const quizzes = progress.data?.quizzesCompleted ?? 0;
  const dailyGoal = progress.data?.dailyGoal ?? goal ?? 0;
  const percent = goalPercent(seconds, dailyGoal * 60);
  const t = useTranslations("home");
  return (
    <div className="relative rounded-2xl bg-white/12 p-4 ring-1 ring-white/15" data-testid="today-progress">
      <div className="flex items-center justify-between gap-3 text-sm font-semibold">
        <span className="inline-flex items-center gap-2 whitespace-nowrap">
          <Target className="size-4 text-amber-300" aria-hidden /> {t("todayProgress")}
        </span>
        {progress.isLoading ? (
          <Skeleton className="h-4 w-16 bg-white/25" />
        ) : (
          <span className="whitespace-nowrap tabular-nums" data-testid="today-progress-count">
            {t("goalProgress", { minutes: minutesOf(seconds), goal: dailyGoal })}
          </span>
        )}
      </div>
      <Progress
        value={percent}
        aria-label={t("todayProgress")}
        aria-valuetext={t("percentValue", { percent })}
        className="mt-3 h-2.5 bg-white/20"
        indicatorClassName="bg-amber-300"
      />
      <p className="mt-2 flex flex-wrap justify-between gap-x-3 text-xs text-white/85 tabular-nums">
        <span data-testid="today-progress-percent">{percent >= 100 ? t("goalCompleted") : t("goalPercent", { percent })}</span>
        <span data-testid="today-quizzes">{t("quizzesToday", { count: quizzes })}</span>
      </p>
    </div>
  );
}
