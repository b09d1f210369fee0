/**
 * Where the auth server is and how to reach it, for server code and (serialised) for the browser.
 * Embedded mode: the app's own /auth/v1, called in-process on the server.
 */
import { env } from "@/lib/env";
import { originFromHeaders } from "@/lib/http/origin";
import type { PublicAuthConfig } from "./config-public";

export { AUTH_COOKIE_NAME, type PublicAuthConfig } from "./config-public";

export function publicAuthConfig(): PublicAuthConfig {
  const auth = env().auth;
  return auth.kind === "embedded"
    ? { supabaseUrl: "", supabaseAnonKey: auth.anonKey }
    : { supabaseUrl: auth.url, supabaseAnonKey: auth.anonKey };
}

/** The public origin of a request (SITE_URL when configured), honouring a reverse proxy's headers. */
export function requestOrigin(headers: Headers, requestUrl?: string): string {
  return env().siteUrl ?? originFromHeaders(headers, requestUrl ? new URL(requestUrl) : undefined) ?? `http://localhost:${env().port}`;
}

/**
 * Server-side supabase-js settings: the URL to use and, in embedded mode, a fetch that hands
 * /auth/v1 requests to the embedded server in this process instead of calling ourselves over HTTP,
 * marked as in-process and carrying the address of the browser request they serve, so the per-IP
 * limits count them against that client.
 */
export function serverAuthTarget(origin: string, clientIp: string): { url: string; anonKey: string; fetch?: typeof fetch } {
  const auth = env().auth;
  if (auth.kind === "supabase") return { url: auth.url, anonKey: auth.anonKey };
  return { url: origin, anonKey: auth.anonKey, fetch: embeddedAuthFetch(clientIp) };
}

function embeddedAuthFetch(clientIp: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname.startsWith("/auth/v1/")) {
      const { handleAuthRequest } = await import("@/lib/auth-server");
      return handleAuthRequest(request, { ip: clientIp, via: "in-process" });
    }
    return fetch(request);
  };
}
