"use client";
/** The browser's supabase-js client (one per tab), against hosted Supabase or the embedded server. */
import { createBrowserClient, parseCookieHeader, serializeCookieHeader, type CookieMethodsBrowser } from "@supabase/ssr";
import type { SupabaseClient } from "@supabase/supabase-js";
import { AUTH_COOKIE_NAME, type PublicAuthConfig } from "./config-public";
import { sessionCookieOptions } from "./session-cookie";

let client: SupabaseClient | undefined;
let authBase: { url: string; key: string } | undefined;
let initialLocation: { hash: string; search: string } | undefined;

/**
 * The address as it was when the client was created, before supabase-js consumed the tokens or
 * code in it: the email-link screens read their error or tokens from here.
 */
export function initialAuthLocation(): { hash: string; search: string } {
  return initialLocation ?? { hash: window.location.hash, search: window.location.search };
}

const readCookies = () => parseCookieHeader(document.cookie).map(({ name, value }) => ({ name, value: value ?? "" }));

/** document.cookie, written as the server writes the session cookies (Secure on https, our max-age). */
const documentCookies = {
  getAll: readCookies,
  setAll(cookies: Parameters<CookieMethodsBrowser["setAll"] & object>[0]) {
    const secure = window.location.protocol === "https:";
    for (const { name, value, options } of cookies) document.cookie = serializeCookieHeader(name, value, sessionCookieOptions(options, secure));
  },
} satisfies CookieMethodsBrowser;

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
    authBase = { url: config.supabaseUrl || window.location.origin, key: config.supabaseAnonKey };
    client = create(authBase.url, config.supabaseAnonKey, true);
  }
  return client;
}

/** What the auth server knows of an email link's `?code=` without the verifier that redeems it. */
export type LinkCodeStatus = "issued" | "unknown";

/**
 * Whether the auth server issued `code` (so the link behind it was valid and has done its work:
 * an address confirmed, a reset allowed), asked without being able to redeem it: a made-up
 * verifier never matches, and the server answers a code it issued with `bad_code_verifier` (or
 * `flow_state_expired`) but an unknown one with `flow_state_not_found`. Nothing is signed in.
 */
export async function probeLinkCode(code: string): Promise<LinkCodeStatus> {
  if (!authBase) return "unknown";
  const verifier = Array.from(crypto.getRandomValues(new Uint8Array(48)), (b) => b.toString(16).padStart(2, "0")).join("");
  try {
    const response = await fetch(`${authBase.url}/auth/v1/token?grant_type=pkce`, {
      method: "POST",
      headers: { "Content-Type": "application/json", apikey: authBase.key },
      body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
    });
    const body = (await response.json().catch(() => ({}))) as { error_code?: string; code?: string };
    const errorCode = body.error_code ?? body.code;
    return errorCode === "bad_code_verifier" || errorCode === "flow_state_expired" ? "issued" : "unknown";
  } catch {
    return "unknown";
  }
}

const CODE_VERIFIER_COOKIE = `${AUTH_COOKIE_NAME}-code-verifier`;

/**
 * Runs a request that supabase-js gives a fresh PKCE verifier (a resend, a reset request) and, if
 * the server did not send anything, puts the earlier verifier back: supabase-js replaces or drops
 * it either way, and the link already in the inbox could then not sign this browser in.
 */
export async function keepingCodeVerifierOnFailure<T extends { error: unknown }>(request: () => Promise<T>): Promise<T> {
  const earlier = readCookies().filter(({ name }) => name.startsWith(CODE_VERIFIER_COOKIE));
  const result = await request();
  if (result.error && earlier.length > 0) {
    const now = readCookies().map(({ name }) => name);
    const cleared = now.filter((name) => name.startsWith(CODE_VERIFIER_COOKIE) && !earlier.some((c) => c.name === name));
    documentCookies.setAll([
      ...cleared.map((name) => ({ name, value: "", options: { maxAge: 0 } })),
      ...earlier.map(({ name, value }) => ({ name, value, options: {} })),
    ]);
  }
  return result;
}
