"use client";
/**
 * Session state for the browser: the supabase-js session (persisted, refreshed automatically,
 * detected from the URL) and the app's user record, fetched only while a session exists.
 */
import type { Session, SupabaseClient } from "@supabase/supabase-js";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { getSupabaseBrowserClient } from "@/lib/auth/browser";
import type { PublicAuthConfig } from "@/lib/auth/config-public";
import { getQueryFn, setAccessTokenGetter } from "@/lib/data/api";
import { userQueryOptions } from "@/lib/data/query-config";
import type { AppUser } from "@/lib/data/types";

export const currentUserKey = ["/api/auth/user"] as const;

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

/** The app's user record; null when signed out or when the fetch failed (logged as a warning). */
export function useCurrentUser() {
  const { session, ready } = useAuth();
  const query = useQuery<AppUser | null>({
    queryKey: currentUserKey,
    queryFn: getQueryFn<AppUser | null>({ on401: "returnNull" }),
    enabled: ready && !!session?.access_token,
    ...userQueryOptions,
  });
  useEffect(() => {
    if (query.error) console.warn("Could not load the current user:", query.error.message);
  }, [query.error]);
  return {
    user: session ? (query.data ?? null) : null,
    isLoading: !ready || (!!session && query.isLoading),
    session,
  };
}
