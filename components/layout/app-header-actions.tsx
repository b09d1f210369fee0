"use client";
/** The signed-in header's actions (app-header.tsx): video search, streak, theme, and the avatar menu (entries by role). */
import { Flame } from "lucide-react";
import { useState } from "react";
import { AccountMenuButton } from "./account-menu-button";
import { HeaderSearch } from "./header-search";
import { ThemeToggle } from "./theme-toggle";
import { useSignOut } from "@/components/auth/use-sign-out";
import { useAuth } from "@/lib/auth/auth-context";
import { useCurrentUser } from "@/lib/data/use-current-user";
import { Skeleton } from "@/components/ui/skeleton";
import { Tooltip } from "@/components/ui/tooltip";

export function AppHeaderActions() {
  const { loadSupabase } = useAuth();
  const { user, isLoading } = useCurrentUser();
  const [searching, setSearching] = useState(false);

  const logout = useSignOut();

  return (
    <div className="flex min-w-0 flex-1 items-center justify-end gap-1 sm:gap-2">
      <HeaderSearch onOpenChange={setSearching} />
      <div className={searching ? "hidden items-center gap-1 sm:flex sm:gap-2" : "flex items-center gap-1 sm:gap-2"}>
        <ThemeToggle />
        <Tooltip content="Day streak">
          <span
            className="inline-flex items-center gap-1.5 rounded-full bg-amber-500/10 px-3 py-1.5 text-sm font-bold text-amber-600 dark:text-amber-400"
            data-testid="header-streak"
          >
            <Flame className="size-4" aria-hidden />
            {isLoading ? <Skeleton className="h-4 w-4" /> : (user?.streak ?? 0)}
            <span className="sr-only">day streak</span>
          </span>
        </Tooltip>
        {/* Opening the menu fetches supabase-js too, so Logout does not wait for it. */}
        <AccountMenuButton user={user} onLogout={logout} onFirstUse={() => void loadSupabase()} />
      </div>
    </div>
  );
}
