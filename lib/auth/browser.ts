"use client";
/** The browser's supabase-js client (one per tab), against hosted Supabase or the embedded server. */
import { createBrowserClient, parseCookieHeader, serializeCookieHeader, type CookieMethodsBrowser } from "@supabase/ssr";
import type { SupabaseClient } from "@supabase/supabase-js";
import { AUTH_COOKIE_NAME, type PublicAuthConfig } from "./config-public";
import { sessionCookieOptions } from "./session-cookie";

let client: SupabaseClient | undefined;
let initialLocation: { hash: string; search: string } | undefined;

/**
 * The address as it was when the client was created, before supabase-js consumed the tokens or
 * code in it: the email-link screens read their error or tokens from here.
 */
export function initialAuthLocation(): { hash: string; search: string } {
  return initialLocation ?? { hash: window.location.hash, search: window.location.search };
}

/** document.cookie, written as the server writes the session cookies (Secure on https, our max-age). */
const documentCookies: CookieMethodsBrowser = {
  getAll: () => parseCookieHeader(document.cookie).map(({ name, value }) => ({ name, value: value ?? "" })),
  setAll(cookies) {
    const secure = window.location.protocol === "https:";
    for (const { name, value, options } of cookies) document.cookie = serializeCookieHeader(name, value, sessionCookieOptions(options, secure));
  },
};

function create(url: string, key: string, live: boolean) {
  return createBrowserClient(url, key, {
    cookieOptions: { name: AUTH_COOKIE_NAME },
    cookies: live ? documentCookies : undefined,
    auth: { flowType: "pkce", detectSessionInUrl: live, autoRefreshToken: live, persistSession: live },
  });
}

let inert: SupabaseClient | undefined;

export function getSupabaseBrowserClient(config: PublicAuthConfig): SupabaseClient {
  if (typeof window === "undefined") {
    // Server render of a client component: effects never run there. One idle client, with no
    // refresh timer, serves every render.
    inert ??= create(config.supabaseUrl || "http://localhost", config.supabaseAnonKey, false);
    return inert;
  }
  if (!client) {
    initialLocation = { hash: window.location.hash, search: window.location.search };
    client = create(config.supabaseUrl || window.location.origin, config.supabaseAnonKey, true);
  }
  return client;
}
