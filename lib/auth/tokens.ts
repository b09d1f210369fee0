/**
 * Verifies access tokens locally: against the embedded server's keys, or the hosted project's
 * JWKS (and its legacy HS256 secret when configured).
 */
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JWTPayload } from "jose";
import { env } from "@/lib/env";

export type AccessClaims = JWTPayload & {
  sub: string;
  email?: string;
  role?: string;
  aal?: string;
  session_id?: string;
  user_metadata?: Record<string, unknown>;
};

type KeyResolver = Parameters<typeof jwtVerify>[1];

const cacheKey = Symbol.for("lingoreel.jwks");
type Cache = { resolver: KeyResolver; expiresAt: number };
type GlobalWithJwks = typeof globalThis & { [cacheKey]?: Cache };

const LOCAL_JWKS_TTL_MS = 60_000;

async function keyResolver(): Promise<KeyResolver> {
  const g = globalThis as GlobalWithJwks;
  const cached = g[cacheKey];
  if (cached && cached.expiresAt > Date.now()) return cached.resolver;
  const auth = env().auth;
  let resolver: KeyResolver;
  let ttl = LOCAL_JWKS_TTL_MS;
  if (auth.kind === "embedded") {
    const { getPublicJwks } = await import("@/lib/auth-server");
    resolver = createLocalJWKSet(await getPublicJwks()) as KeyResolver;
  } else {
    // jose caches and refreshes the remote key set itself.
    resolver = createRemoteJWKSet(new URL(`${auth.url}/auth/v1/.well-known/jwks.json`)) as KeyResolver;
    ttl = Number.MAX_SAFE_INTEGER;
  }
  g[cacheKey] = { resolver, expiresAt: Date.now() + ttl };
  return resolver;
}

/** Verified claims of an access token, or null when it is invalid or expired. */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  try {
    const auth = env().auth;
    const header = decodeProtectedHeader(token);
    let payload: JWTPayload;
    if (header.alg?.startsWith("HS")) {
      if (auth.kind !== "supabase") return null;
      if (!auth.jwtSecret) return verifyWithAuthServer(token, auth.url, auth.anonKey);
      ({ payload } = await jwtVerify(token, new TextEncoder().encode(auth.jwtSecret), { audience: "authenticated" }));
    } else {
      try {
        ({ payload } = await jwtVerify(token, await keyResolver(), { audience: "authenticated" }));
      } catch (error) {
        // A key rotated since the set was cached: refresh once.
        if ((error as { code?: string }).code !== "ERR_JWKS_NO_MATCHING_KEY") throw error;
        delete (globalThis as GlobalWithJwks)[cacheKey];
        ({ payload } = await jwtVerify(token, await keyResolver(), { audience: "authenticated" }));
      }
    }
    if (typeof payload.sub !== "string" || payload.sub === "") return null;
    // The embedded server can tell whether the session behind a token was signed out.
    if (auth.kind === "embedded" && !(await sessionStillActive(payload.session_id))) return null;
    return payload as AccessClaims;
  } catch {
    return null;
  }
}

const verifiedByServer = new Map<string, { claims: AccessClaims; until: number }>();
const SERVER_CHECK_TTL_MS = 30_000;

/**
 * Legacy Supabase projects sign with a shared secret the app may not have: ask the auth server
 * (GET /auth/v1/user) whether the token is good, and remember the answer briefly.
 */
async function verifyWithAuthServer(token: string, url: string, anonKey: string): Promise<AccessClaims | null> {
  const now = Date.now();
  const cached = verifiedByServer.get(token);
  if (cached && cached.until > now) return cached.claims;
  const response = await fetch(`${url}/auth/v1/user`, { headers: { apikey: anonKey, authorization: `Bearer ${token}` } });
  if (!response.ok) return null;
  const user = (await response.json()) as { id?: string; email?: string; user_metadata?: Record<string, unknown> };
  if (!user.id) return null;
  const payload = decodeJwt(token);
  const claims = { ...payload, sub: user.id, email: user.email, user_metadata: user.user_metadata } as AccessClaims;
  if (verifiedByServer.size > 10_000) verifiedByServer.clear();
  verifiedByServer.set(token, { claims, until: Math.min(now + SERVER_CHECK_TTL_MS, (payload.exp ?? 0) * 1000) });
  return claims;
}

const activeSessions = new Map<string, number>();
const SESSION_CHECK_TTL_MS = 5_000;

/** Whether a token's session still exists, remembered for a few seconds to spare the database. */
async function sessionStillActive(sessionId: unknown): Promise<boolean> {
  if (typeof sessionId !== "string" || sessionId === "") return false;
  const now = Date.now();
  const until = activeSessions.get(sessionId);
  if (until && until > now) return true;
  const { isSessionActive } = await import("@/lib/auth-server");
  if (!(await isSessionActive(sessionId))) {
    activeSessions.delete(sessionId);
    return false;
  }
  if (activeSessions.size > 10_000) activeSessions.clear();
  activeSessions.set(sessionId, now + SESSION_CHECK_TTL_MS);
  return true;
}

/** Forgets cached signing keys and session checks (tests, after the database behind them changed). */
export function resetTokenCaches(): void {
  delete (globalThis as GlobalWithJwks)[cacheKey];
  activeSessions.clear();
  verifiedByServer.clear();
}
