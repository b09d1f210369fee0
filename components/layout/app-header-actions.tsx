"use client";
/** The signed-in header's actions (app-header.tsx): video search, theme, Review (with the due count), streak, and the avatar menu (entries by role). */
import { Flame, Layers } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useState } from "react";
import { AccountMenuButton } from "./account-menu-button";
import { HeaderSearch } from "./header-search";
import { ThemeToggle } from "./theme-toggle";
import { useAuth } from "@/lib/auth/auth-context";
import { useCurrentUser } from "@/lib/data/use-current-user";
import { useReviewSummary } from "@/lib/data/use-review";
import { Skeleton } from "@/components/ui/skeleton";
import { Tooltip } from "@/components/ui/tooltip";

export function AppHeaderActions() {
  const { loadSupabase } = useAuth();
  const { user, isLoading } = useCurrentUser();
  const [searching, setSearching] = useState(false);
  const t = useTranslations("header");

  return (
    <div className="flex min-w-0 flex-1 items-center justify-end gap-1 sm:gap-2">
      <HeaderSearch onOpenChange={setSearching} />
      <div className={searching ? "hidden items-center gap-1 sm:flex sm:gap-2" : "flex items-center gap-1 sm:gap-2"}>
        <ThemeToggle />
        <ReviewLink enabled={!!user} />
        <Tooltip content={t("dayStreak")}>
          <span
            className="inline-flex items-center gap-1 rounded-full bg-amber-500/10 px-2 py-1.5 text-sm font-bold text-amber-600 sm:gap-1.5 sm:px-3 dark:text-amber-400"
            data-testid="header-streak"
          >
            <Flame className="size-4" aria-hidden />
            {isLoading ? <Skeleton className="h-4 w-4" /> : (user?.streak ?? 0)}
            <span className="sr-only">{t("dayStreakSr")}</span>
          </span>
        </Tooltip>
        {/* Opening the menu fetches supabase-js too, so Logout does not wait for it. */}
        <AccountMenuButton user={user} onFirstUse={() => void loadSupabase()} />
      </div>
    </div>
  );
}

/** Review, with how many words are due on a badge: an icon until there is room for its name. */
function ReviewLink({ enabled }: { enabled: boolean }) {
  const due = useReviewSummary(enabled).data?.dueCount ?? 0;
  const t = useTranslations("header");
  return (
    <Link
      href="/review"
      className="relative inline-flex size-9 shrink-0 items-center justify-center gap-1.5 rounded-md text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none lg:w-auto lg:px-3"
      data-testid="header-review"
    >
      <Layers className="size-4" aria-hidden />
      <span className="sr-only lg:not-sr-only">{t("review")}</span>
      {due > 0 ? (
        <span className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-violet-600 px-1 text-center text-[0.65rem] leading-4 font-bold text-white lg:static lg:text-xs">
          {due > 99 ? "99+" : due}
          <span className="sr-only"> {t("due")}</span>
        </span>
      ) : null}
    </Link>
  );
}
