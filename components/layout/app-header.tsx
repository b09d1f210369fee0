"use client";
/** Header for signed-in screens: logo, video search, streak, theme, and the avatar menu (entries by role). */
import { Flame, LogOut, Settings, Shield, User as UserIcon, Bookmark, Users } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { HeaderSearch } from "./header-search";
import { HeaderShell } from "./header-shell";
import { ThemeToggle } from "./theme-toggle";
import { toast } from "sonner";
import { useAuth } from "@/lib/auth/auth-context";
import { useCurrentUser } from "@/lib/data/use-current-user";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Skeleton } from "@/components/ui/skeleton";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { displayName, initials } from "@/lib/users/display";

export function AppHeader() {
  const { loadSupabase } = useAuth();
  const { user, isLoading } = useCurrentUser();
  const router = useRouter();
  const [searching, setSearching] = useState(false);

  async function logout() {
    try {
      const { error } = await (await loadSupabase()).auth.signOut();
      if (error) console.warn("Logout failed:", error.message);
    } catch (error) {
      console.warn("Logout failed:", error);
    }
    toast.success("Signed out", { description: "You've been successfully signed out." });
    router.replace("/");
    router.refresh();
  }

  const isAdmin = user?.role === "admin" || user?.role === "owner";
  return (
    <HeaderShell className="max-w-7xl">
      <div className="flex min-w-0 flex-1 items-center justify-end gap-1 sm:gap-2">
        <HeaderSearch onOpenChange={setSearching} />
        <div className={searching ? "hidden items-center gap-1 sm:flex sm:gap-2" : "flex items-center gap-1 sm:gap-2"}>
        <ThemeToggle />
        <Tooltip>
          <TooltipTrigger asChild>
            <span
              className="inline-flex items-center gap-1.5 rounded-full bg-amber-500/10 px-3 py-1.5 text-sm font-bold text-amber-600 dark:text-amber-400"
              data-testid="header-streak"
            >
              <Flame className="size-4" aria-hidden />
              {isLoading ? <Skeleton className="h-4 w-4" /> : (user?.streak ?? 0)}
              <span className="sr-only">day streak</span>
            </span>
          </TooltipTrigger>
          <TooltipContent>Day streak</TooltipContent>
        </Tooltip>
        {/* Opening the menu fetches supabase-js, so Logout does not wait for it. */}
        <DropdownMenu modal={false} onOpenChange={(open) => open && void loadSupabase()}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="rounded-full" aria-label="Account menu">
              <Avatar className="size-9">
                {user?.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
                <AvatarFallback className="bg-primary font-semibold text-primary-foreground">{user ? initials(user) : ""}</AvatarFallback>
              </Avatar>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-56">
            <DropdownMenuLabel className="font-normal">
              <span className="block truncate font-semibold">{user ? displayName(user) : "…"}</span>
              <span className="block truncate text-xs text-muted-foreground">{user?.email}</span>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link href="/profile"><UserIcon aria-hidden /> Profile</Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link href="/saved"><Bookmark aria-hidden /> Saved</Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link href="/settings"><Settings aria-hidden /> Settings</Link>
            </DropdownMenuItem>
            {isAdmin ? (
              <DropdownMenuItem asChild>
                <Link href="/admin"><Shield aria-hidden /> Admin Panel</Link>
              </DropdownMenuItem>
            ) : null}
            {user?.role === "owner" ? (
              <DropdownMenuItem asChild>
                <Link href="/users"><Users aria-hidden /> Users</Link>
              </DropdownMenuItem>
            ) : null}
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={logout}>
              <LogOut aria-hidden /> Logout
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
        </div>
      </div>
    </HeaderShell>
  );
}
