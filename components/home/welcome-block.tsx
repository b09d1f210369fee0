"use client";
import { Flame } from "lucide-react";
import { useCurrentUser } from "@/lib/data/use-current-user";
import { greetingName } from "@/lib/users/display";

export function WelcomeBlock() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) {
    return <p className="py-10 text-center text-muted-foreground">Loading...</p>;
  }
  return (
    <section className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-primary via-violet-600 to-indigo-700 p-6 text-primary-foreground shadow-lg sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome back, {greetingName(user)}!</h1>
      <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 font-semibold">
        <Flame className="size-5 text-amber-300" aria-hidden />
        <span data-testid="welcome-streak">{user?.streak ?? 0} day streak</span>
        <span className="text-white/80">· Keep it up!</span>
      </p>
      <div aria-hidden className="pointer-events-none absolute -top-16 -right-16 size-64 rounded-full bg-white/10 blur-2xl" />
    </section>
  );
}
