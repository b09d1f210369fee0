"use client";
/** The Profile screen: who the learner is, today's goal, all-time figures, preferences and saved videos. */
import { BookOpenCheck, CalendarDays, Flame, ListChecks, Target } from "lucide-react";
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
import { formatQuizFrequency } from "@/lib/format";
import { quizPacing } from "@/lib/player/timing";
import { dailyGoalText, minutesOf } from "@/lib/study/goal";
import { DEFAULT_DAILY_GOAL } from "@/lib/validation/limits";
import { displayName, initials } from "@/lib/users/display";

/**
 * The goal shown before the learner's record is in: the default of onboarding and Settings. (SPEC
 * §3's profile default of 10 was a number of quizzes; the goal is minutes now, everywhere.)
 */
const PROFILE_DEFAULT_GOAL = DEFAULT_DAILY_GOAL;

const joinedFormat = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" });

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
  return (
    <section className="flex items-center gap-4 rounded-3xl border bg-card p-5 shadow-sm sm:p-6" aria-label="Profile">
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
                <CalendarDays className="size-4" aria-hidden /> Joined {joinedFormat.format(new Date(user.createdAt))}
              </span>
              <span className="inline-flex items-center gap-1.5 font-semibold text-amber-700 dark:text-amber-400" data-testid="profile-streak">
                <Flame className="size-4" aria-hidden /> {user.streak} day streak
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
  return (
    <Card className="gap-3" data-testid="daily-goal-card">
      <CardHeader className="flex flex-row items-center gap-2">
        <Target className="size-5 text-primary" aria-hidden />
        <CardTitle>Daily Goal</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        <p className="text-2xl font-bold tabular-nums">
          {minutesOf(seconds)} <span className="text-base font-medium text-muted-foreground">/ {dailyGoal} min</span>
        </p>
        <Progress value={percent} aria-label="Daily goal" aria-valuetext={`${percent}%`} className="h-2" />
        <p className="text-sm font-medium text-muted-foreground">{percent >= 100 ? "Goal completed!" : `${percent}% done today`}</p>
      </CardContent>
    </Card>
  );
}

function StatCards() {
  const stats = useStats();
  return (
    <>
      <StatCard icon={<BookOpenCheck className="size-5 text-emerald-600 dark:text-emerald-400" aria-hidden />} title="Words Learned" value={stats.data?.totalWordsLearned} testId="words-learned" />
      <StatCard icon={<ListChecks className="size-5 text-sky-600 dark:text-sky-400" aria-hidden />} title="Quizzes Completed" value={stats.data?.totalQuizzes} testId="quizzes-completed" />
    </>
  );
}

function StatCard({ icon, title, value, testId }: { icon: ReactNode; title: string; value: number | undefined; testId: string }) {
  return (
    <Card className="gap-3">
      <CardHeader className="flex flex-row items-center gap-2">
        {icon}
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {value === undefined ? <Skeleton className="h-8 w-16" /> : <p className="text-3xl font-bold tabular-nums" data-testid={testId}>{value}</p>}
        <p className="mt-1 text-sm text-muted-foreground">All time</p>
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
  const name = (code: string | null | undefined) => languages.data?.find((l) => l.code === code)?.name ?? code ?? "—";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Information</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">
          <Row label="Username">{user?.username ?? "—"}</Row>
          <Row label="Target language">{name(user?.targetLanguage)}</Row>
          <Row label="Native language">{name(user?.nativeLanguage)}</Row>
          <Row label="Daily goal">{dailyGoalText(user?.dailyGoal ?? PROFILE_DEFAULT_GOAL)}</Row>
        </dl>
      </CardContent>
    </Card>
  );
}

const PREFERENCES = [
  ["showDefinitions", "Definitions"],
  ["pauseOnHighlight", "Pause on Highlight"],
  ["showWordStatus", "Word status"],
  ["pauseOnWordLookup", "Pause on word lookup"],
  ["enableNotifications", "Notifications"],
  ["autoplayVideos", "Autoplay"],
] as const;

function LearningPreferences({ enabled }: { enabled: boolean }) {
  const settings = useSettings({ enabled });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Learning Preferences</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {PREFERENCES.map(([key, label]) =>
          settings.data ? (
            <Badge key={key} variant={settings.data[key] ? "success" : "outline"} className="px-3 py-1 text-sm" data-testid={`preference-${key}`}>
              {label}: {settings.data[key] ? "On" : "Off"}
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
  return (
    <Badge variant={mode === "off" ? "outline" : "success"} className="px-3 py-1 text-sm whitespace-normal" data-testid="preference-quizFrequency">
      Quizzes: {formatQuizFrequency(mode, preferences.quizGapSeconds)}
    </Badge>
  );
}

function SavedSection() {
  const favorites = useFavorites();
  return (
    <section aria-labelledby="profile-saved" className="space-y-4">
      <h2 id="profile-saved" className="text-xl font-bold tracking-tight">
        Saved
      </h2>
      <VideoGrid videos={favorites.data} loading={favorites.isPending} empty={<SavedEmptyState />} />
    </section>
  );
}
