"use client";
/** The Profile screen: who the learner is, today's goal, all-time figures, preferences and saved videos. */
import { BookOpenCheck, CalendarDays, Flame, ListChecks, Target } from "lucide-react";
import { useFormatter, useLocale } from "next-intl";
import { useTranslations } from "@/lib/i18n/use-translations";
import type { ReactNode } from "react";
import { goalPercent } from "@/components/home/welcome-block";
import { SavedEmptyState } from "@/components/saved/saved-empty-state";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { VideoGrid } from "@/components/video/video-grid";
import type { AppUser, LearningPreferences as LearningPreferencesData } from "@/lib/types/api";
import { useCurrentUser } from "@/lib/data/use-current-user";
import { useFavorites } from "@/lib/data/use-favorites";
import { useLanguages } from "@/lib/data/use-languages";
import { useDailyProgress, useStats } from "@/lib/data/use-progress";
import { useSettings } from "@/lib/data/use-settings";
import { languageName } from "@/lib/i18n/locales";
import { quizPacing } from "@/lib/player/timing";
import { minutesOf } from "@/lib/study/goal";
import { DEFAULT_DAILY_GOAL } from "@/lib/validation/limits";
import { displayName, initials } from "@/lib/users/display";

/**
 * The goal shown before the learner's record is in: the default of onboarding and Settings. (SPEC
 * §3's profile default of 10 was a number of quizzes; the goal is minutes now, everywhere.)
 */
const PROFILE_DEFAULT_GOAL = DEFAULT_DAILY_GOAL;

export function ProfileView() {
  const { user, isLoading } = useCurrentUser();
  return (
    <main id="main" className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <ProfileHeader user={user} loading={isLoading} />
      <div className="grid gap-4 sm:grid-cols-3">
        <DailyGoalCard goal={user?.dailyGoal ?? PROFILE_DEFAULT_GOAL} />
        <StatCards />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <ProfileInformation user={user} />
        <LearningPreferences enabled={!!user} />
      </div>
      <SavedSection />
    </main>
  );
}

function ProfileHeader({ user, loading }: { user: AppUser | null; loading: boolean }) {
  const t = useTranslations("profile");
  const format = useFormatter();
  return (
    <section className="flex items-center gap-4 rounded-3xl border bg-card p-5 shadow-sm sm:p-6" aria-label={t("profileLabel")}>
      <Avatar className="size-16 text-xl sm:size-20">
        {user?.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
        <AvatarFallback className="bg-primary font-bold text-primary-foreground">{user ? initials(user) : ""}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 space-y-1">
        {loading || !user ? (
          <>
            <Skeleton className="h-7 w-48" />
            <Skeleton className="h-4 w-32" />
          </>
        ) : (
          <>
            <h1 className="truncate text-2xl font-bold tracking-tight sm:text-3xl">{displayName({ ...user, username: null })}</h1>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays className="size-4" aria-hidden /> {t("joined", { date: format.dateTime(new Date(user.createdAt), { month: "long", year: "numeric" }) })}
              </span>
              <span className="inline-flex items-center gap-1.5 font-semibold text-amber-700 dark:text-amber-400" data-testid="profile-streak">
                <Flame className="size-4" aria-hidden /> {t("streak", { count: user.streak })}
              </span>
            </p>
          </>
        )}
      </div>
    </section>
  );
}

/** Minutes studied today against the goal (quizzes completed are a figure of their own, beside it). */
function DailyGoalCard({ goal }: { goal: number }) {
  const progress = useDailyProgress();
  const seconds = progress.data?.secondsStudied ?? 0;
  const dailyGoal = progress.data?.dailyGoal ?? goal;
  const percent = goalPercent(seconds, dailyGoal * 60);
  const t = useTranslations("profile");
  return (
    <Card className="gap-3" data-testid="daily-goal-card">
      <CardHeader className="flex flex-row items-center gap-2">
        <Target className="size-5 text-primary" aria-hidden />
        <CardTitle>{t("dailyGoalTitle")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        <p className="text-2xl font-bold tabular-nums">
          {t.rich("goalProgress", {
            minutes: minutesOf(seconds),
            goalMinutes: dailyGoal,
            goal: (chunks) => <span className="text-base font-medium text-muted-foreground">{chunks}</span>,
          })}
        </p>
        <Progress value={percent} aria-label={t("dailyGoal")} aria-valuetext={t("percentValue", { percent })} className="h-2" />
        <p className="text-sm font-medium text-muted-foreground">{percent >= 100 ? t("goalCompleted") : t("doneToday", { percent })}</p>
      </CardContent>
    </Card>
  );
}

function StatCards() {
  const stats = useStats();
  const t = useTranslations("profile");
  return (
    <>
      <StatCard icon={<BookOpenCheck className="size-5 text-emerald-600 dark:text-emerald-400" aria-hidden />} title={t("wordsLearned")} value={stats.data?.totalWordsLearned} testId="words-learned" />
      <StatCard icon={<ListChecks className="size-5 text-sky-600 dark:text-sky-400" aria-hidden />} title={t("quizzesCompleted")} value={stats.data?.totalQuizzes} testId="quizzes-completed" />
    </>
  );
}

function StatCard({ icon, title, value, testId }: { icon: ReactNode; title: string; value: number | undefined; testId: string }) {
  const t = useTranslations("profile");
  return (
    <Card className="gap-3">
      <CardHeader className="flex flex-row items-center gap-2">
        {icon}
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {value === undefined ? <Skeleton className="h-8 w-16" /> : <p className="text-3xl font-bold tabular-nums" data-testid={testId}>{value}</p>}
        <p className="mt-1 text-sm text-muted-foreground">{t("allTime")}</p>
      </CardContent>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

function ProfileInformation({ user }: { user: AppUser | null }) {
  const languages = useLanguages();
  const t = useTranslations("profile");
  const locale = useLocale();
  // In the reader's language: the list's (English) name only for a code Intl cannot name.
  const name = (code: string | null | undefined) => {
    const known = languages.data?.find((l) => l.code === code);
    return known ? (languageName(known.code, locale) ?? known.name) : (code ?? "—");
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("informationTitle")}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">
          <Row label={t("username")}>{user?.username ?? "—"}</Row>
          <Row label={t("targetLanguage")}>{name(user?.targetLanguage)}</Row>
          <Row label={t("nativeLanguage")}>{name(user?.nativeLanguage)}</Row>
          <Row label={t("dailyGoal")}>{t("dailyGoalValue", { count: user?.dailyGoal ?? PROFILE_DEFAULT_GOAL })}</Row>
        </dl>
      </CardContent>
    </Card>
  );
}

/** The switches shown, in order; each named by `profile.preferences.<key>`. */
const PREFERENCES = ["showDefinitions", "pauseOnHighlight", "showWordStatus", "pauseOnWordLookup", "enableNotifications", "autoplayVideos"] as const;

function LearningPreferences({ enabled }: { enabled: boolean }) {
  const settings = useSettings({ enabled });
  const t = useTranslations("profile");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("preferencesTitle")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {PREFERENCES.map((key) =>
          settings.data ? (
            <Badge key={key} variant={settings.data[key] ? "success" : "outline"} className="px-3 py-1 text-sm" data-testid={`preference-${key}`}>
              {t(settings.data[key] ? "preferenceOn" : "preferenceOff", { label: t(`preferences.${key}`) })}
            </Badge>
          ) : (
            <Skeleton key={key} className="h-7 w-32 rounded-full" />
          ),
        )}
        {/* How often quizzes interrupt a video, as chosen in Settings (none while Pause on Highlight is off). */}
        {settings.data ? (
          <QuizFrequencyBadge preferences={settings.data} />
        ) : (
          <Skeleton className="h-7 w-48 rounded-full" />
        )}
      </CardContent>
    </Card>
  );
}

function QuizFrequencyBadge({ preferences }: { preferences: LearningPreferencesData }) {
  const { mode } = quizPacing(preferences);
  const t = useTranslations("profile");
  return (
    <Badge variant={mode === "off" ? "outline" : "success"} className="px-3 py-1 text-sm whitespace-normal" data-testid="preference-quizFrequency">
      {t("quizFrequency", { mode, seconds: preferences.quizGapSeconds })}
    </Badge>
  );
}

function SavedSection() {
  const favorites = useFavorites();
  const t = useTranslations("profile");
  return (
    <section aria-labelledby="profile-saved" className="space-y-4">
      <h2 id="profile-saved" className="text-xl font-bold tracking-tight">
        {t("saved")}
      </h2>
      <VideoGrid videos={favorites.data} loading={favorites.isPending} empty={<SavedEmptyState />} />
    </section>
  );
}
