"use client";
/**
 * Session state for the browser, read through useAuth (lib/auth/auth-context.ts). supabase-js
 * (persisted session, automatic refresh, tokens in the URL) is a separate chunk: the sign-in
 * screens load it at once; a signed-in page arrives with its access token from the server and
 * loads it only when it is needed: before the token expires, to sign out, for the second factor,
 * or when another tab signs in or out. The app's user record is lib/data/use-current-user.ts.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { AuthContext, type AuthSession } from "@/lib/auth/auth-context";
import { AUTH_COOKIE_NAME, type PublicAuthConfig } from "@/lib/auth/config-public";
import { handOverBeforeExpiry, serverToken } from "@/lib/auth/session-handover";
import { setAccessTokenGetter } from "@/lib/data/api";

export function AuthProvider({
  config,
  initialSession,
  children,
}: {
  config: PublicAuthConfig;
  /** The signed-in page's session, as the server verified it. */
  initialSession?: AuthSession;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<AuthSession | null>(initialSession ?? null);
  const [ready, setReady] = useState(!!initialSession);
  const client = useRef<SupabaseClient | null>(null);
  const loading = useRef<Promise<SupabaseClient> | null>(null);
  const unsubscribe = useRef<(() => void) | null>(null);
  const mounted = useRef(false);

  const listen = useCallback(
    (supabase: SupabaseClient) => {
      const { data } = supabase.auth.onAuthStateChange((event, next) => {
        setSession(next);
        setReady(true);
        // Signed out here, or (first read) in another tab before this one loaded supabase-js.
        if (event === "SIGNED_OUT" || (event === "INITIAL_SESSION" && !next && initialSession)) queryClient.clear();
      });
      unsubscribe.current = () => data.subscription.unsubscribe();
    },
    [queryClient, initialSession],
  );

  const loadSupabase = useCallback(() => {
    loading.current ??= import("@/lib/auth/browser").then(({ getSupabaseBrowserClient }) => {
      const supabase = getSupabaseBrowserClient(config);
      client.current = supabase;
      if (mounted.current) listen(supabase);
      return supabase;
    });
    return loading.current;
  }, [config, listen]);

  useEffect(() => {
    mounted.current = true;
    if (client.current && !unsubscribe.current) listen(client.current);
    return () => {
      mounted.current = false;
      unsubscribe.current?.();
      unsubscribe.current = null;
    };
  }, [listen]);

  useEffect(() => {
    setAccessTokenGetter(async () => {
      const token = client.current ? null : serverToken(initialSession);
      if (token) return token;
      const supabase = await loadSupabase();
      return (await supabase.auth.getSession()).data.session?.access_token ?? null;
    });
    if (!initialSession) {
      let active = true;
      void loadSupabase()
        .then((supabase) => supabase.auth.getSession())
        .then(({ data }) => {
          if (!active) return;
          setSession(data.session);
          setReady(true);
        });
      return () => {
        active = false;
      };
    }
    // supabase-js takes over before the token expires (it refreshes it and keeps it fresh), or as
    // soon as another tab signs in or out.
    return handOverBeforeExpiry(initialSession, () => void loadSupabase(), AUTH_COOKIE_NAME);
  }, [initialSession, loadSupabase]);

  const embedded = config.supabaseUrl === "";
  const value = useMemo(() => ({ loadSupabase, session, ready, embedded }), [loadSupabase, session, ready, embedded]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
