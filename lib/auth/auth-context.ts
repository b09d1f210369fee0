"use client";
/**
 * The browser's auth session as React context: the value components/providers/auth-provider.tsx
 * provides and every screen reads through useAuth (here, so lib/data can read it without
 * importing components).
 */
import type { Session, SupabaseClient } from "@supabase/supabase-js";
import { createContext, useContext } from "react";

export type AuthContextValue = {
  supabase: SupabaseClient;
  session: Session | null;
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
