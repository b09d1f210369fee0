"use client";
/**
 * Session state for the browser: the supabase-js session (persisted, refreshed automatically,
 * detected from the URL), read through useAuth (lib/auth/auth-context.ts). The app's user record
 * is lib/data/use-current-user.ts.
 */
import type { Session } from "@supabase/supabase-js";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { AuthContext } from "@/lib/auth/auth-context";
import { getSupabaseBrowserClient } from "@/lib/auth/browser";
import type { PublicAuthConfig } from "@/lib/auth/config-public";
import { setAccessTokenGetter } from "@/lib/data/api";

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
