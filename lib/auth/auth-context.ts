"use client";
/**
 * The browser's auth session as React context: the value components/providers/auth-provider.tsx
 * provides and every screen reads through useAuth (here, so lib/data can read it without
 * importing components).
 */
import type { Session, SupabaseClient } from "@supabase/supabase-js";
import { createContext, useContext } from "react";

/** What the screens read of a session: the signed-in layout sends these two with the page. */
export type AuthSession = Pick<Session, "access_token" | "expires_at">;

export type AuthContextValue = {
  /**
   * The supabase-js client, fetched on first use: signed-in screens load without it and bring it
   * in to refresh the session, sign out or manage the second factor.
   */
  loadSupabase: () => Promise<SupabaseClient>;
  session: AuthSession | null;
  /** False until the stored session has been read. */
  ready: boolean;
  /** The app's own auth server is in use (local installs: emails land in the dev mailbox). */
  embedded: boolean;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
