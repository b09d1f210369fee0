"use client";
/** The app's user record: fetched only while a session exists (or sent with a signed-in page), null when signed out or on failure. */
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "@/lib/auth/auth-context";
import { getQueryFn } from "./api";
import { userKeys } from "./keys";
import { userQueryOptions } from "./query-config";
import type { AppUser } from "@/lib/types/api";

export function useCurrentUser() {
  const { session, ready } = useAuth();
  const query = useQuery<AppUser | null>({
    queryKey: userKeys.current,
    queryFn: getQueryFn<AppUser | null>({ on401: "returnNull" }),
    enabled: ready && !!session?.access_token,
    ...userQueryOptions,
  });
  useEffect(() => {
    // SPEC §8: a failed user fetch is silent for the user, a warning for developers.
    if (query.error) console.warn("Could not load the current user:", query.error.message);
  }, [query.error]);
  // A signed-in page arrives with the user the server loaded: use it before the browser has read
  // its stored session; once it has, no session means nobody.
  const signedOut = ready && !session;
  return {
    user: signedOut ? null : (query.data ?? null),
    isLoading: !signedOut && query.data === undefined && (!ready || query.isLoading),
    session,
  };
}
