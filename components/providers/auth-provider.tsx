"use client";
/**
 * Session state for the browser: the supabase-js session (persisted, refreshed automatically,
 * detected from the URL). The app's user record is lib/data/use-current-user.ts.
 */
import type { Session, SupabaseClient } from "@supabase/supabase-js";
import { useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { getSupabaseBrowserClient } from "@/lib/auth/browser";
import type { PublicAuthConfig } from "@/lib/auth/config-public";
import { setAccessTokenGetter } from "@/lib/data/api";

type AuthContextValue = {
  supabase: SupabaseClient;
  session: Session | null;
  /** False until the stored session has been read. */
  ready: boolean;
  /** The app's own auth server is in use (local installs: emails land in the dev mailbox). */
  embedded: boolean;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ config, children }: { config: PublicAuthConfig; children: ReactNode }) {
  const supabase = useMemo(() => getSupabaseBrowserClient(config), [config]);
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    setAccessTokenGetter(async () => (await supabase.auth.getSession()).data.session?.access_token ?? null);
    let active = true;
    supabase.auth.getSession().then(({ data }) => {
      if (!active) return;
      setSession(data.session);
      setReady(true);
    });
    const { data } = supabase.auth.onAuthStateChange((event, next) => {
      setSession(next);
      setReady(true);
      if (event === "SIGNED_OUT") queryClient.clear();
    });
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, [supabase, queryClient]);

  const embedded = config.supabaseUrl === "";
  const value = useMemo(() => ({ supabase, session, ready, embedded }), [supabase, session, ready, embedded]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
