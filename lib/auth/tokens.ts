/**
 * Verifies access tokens for the product API and the signed-in pages, whichever way they arrive
 * (bearer header or session cookie): the signature against the embedded server's keys or the
 * hosted project's JWKS (or its legacy HS256 secret), then that the token's session is still live
 * (signing out, a new password or a reused refresh token end it before the token expires), and
 * whether the user's second factor is still owed (aal1 token, verified factor).
 */
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JWTPayload } from "jose";
import type { User } from "@/db/schema";
import { isDatabaseUnavailable } from "@/lib/api/errors";
import { forgetCachedSessions } from "@/db/session-cache";
import { env } from "@/lib/env";

export type AccessClaims = JWTPayload & {
  sub: string;
  email?: string;
  role?: string;
  aal?: string;
  session_id?: string;
  user_metadata?: Record<string, unknown>;
  amr?: { method: string; timestamp: number }[];
};

export type VerifiedSession = {
  token: string;
  claims: AccessClaims;
  /** The user has a verified second factor and this token has not passed it (aal1). */
  mfaRequired: boolean;
  /**
   * The app user, when the session check read it too (embedded sessions: one round trip answers
   * both); null: the auth user has none yet; undefined: not read.
   */
  appUser?: User | null;
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

/**
 * Tokens whose signature already checked out, until they expire (at most a minute, as long as the
 * key set is kept): a client sends the same token with every request. Whether its session is still
 * live is asked anew each time (db/session-cache.ts), so this never outlasts a sign-out.
 */
const verifiedTokens = new Map<string, { payload: JWTPayload; until: number }>();
const VERIFIED_TOKEN_TTL_MS = 60_000;
const MAX_VERIFIED_TOKENS = 10_000;

async function verifySignature(token: string): Promise<JWTPayload> {
  const now = Date.now();
  const known = verifiedTokens.get(token);
  if (known && known.until > now) return known.payload;
  const payload = await verifySignatureAnew(token);
  if (typeof payload.exp === "number") {
    if (verifiedTokens.size >= MAX_VERIFIED_TOKENS) verifiedTokens.clear();
    verifiedTokens.set(token, { payload, until: Math.min(now + VERIFIED_TOKEN_TTL_MS, payload.exp * 1000) });
  }
  return payload;
}

async function verifySignatureAnew(token: string): Promise<JWTPayload> {
  try {
    return (await jwtVerify(token, await keyResolver(), { audience: "authenticated" })).payload;
  } catch (error) {
    // A key rotated since the set was cached: refresh once.
    if ((error as { code?: string }).code !== "ERR_JWKS_NO_MATCHING_KEY") throw error;
    delete (globalThis as GlobalWithJwks)[cacheKey];
    return (await jwtVerify(token, await keyResolver(), { audience: "authenticated" })).payload;
  }
}

/** A verified token whose session is live, or null (bad signature, expired, signed out, …). */
export async function verifySession(token: string): Promise<VerifiedSession | null> {
  try {
    const auth = env().auth;
    const header = decodeProtectedHeader(token);
    if (header.alg?.startsWith("HS")) {
      if (auth.kind !== "supabase") return null;
      // Without the shared secret only the auth server can tell; its answer covers the session too.
      if (!auth.jwtSecret) return hostedSession(token, decodeJwt(token), auth);
      const { payload } = await jwtVerify(token, new TextEncoder().encode(auth.jwtSecret), { audience: "authenticated" });
      return hostedSession(token, payload, auth);
    }
    const payload = await verifySignature(token);
    if (typeof payload.sub !== "string" || payload.sub === "") return null;
    if (auth.kind === "supabase") return hostedSession(token, payload, auth);
    return embeddedSession(token, payload as AccessClaims);
  } catch (error) {
    // The database being down says nothing about the token: the caller answers 503, not "signed out".
    if (isDatabaseUnavailable(error)) throw error;
    return null;
  }
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The embedded server's own tables say whether the session is live, and the same query reads the
 * app user, which every caller needs next. The answer is remembered in this process until the
 * session, its user's factors or the app user change (db/session-cache.ts), so a sign-out still
 * counts at once.
 */
async function embeddedSession(token: string, claims: AccessClaims): Promise<VerifiedSession | null> {
  if (typeof claims.session_id !== "string" || !UUID_RE.test(claims.session_id)) return null;
  const { cachedLiveSession } = await import("@/db/session-cache");
  const session = await cachedLiveSession(claims.session_id, new Date());
  if (!session || session.userId !== claims.sub) return null;
  return { token, claims, mfaRequired: session.hasVerifiedFactor && claims.aal !== "aal2", appUser: session.user };
}

type HostedUser = {
  id?: string;
  email?: string;
  user_metadata?: Record<string, unknown>;
  factors?: { status?: string }[];
};

const hostedAnswers = new Map<string, { session: VerifiedSession | null; until: number }>();
const HOSTED_CHECK_TTL_MS = 10_000;

/**
 * Hosted Supabase: GET /auth/v1/user answers only while the token's session is live, and lists
 * the user's factors. Answers are remembered for a few seconds per token to spare the round trip.
 */
async function hostedSession(
  token: string,
  payload: JWTPayload,
  auth: { url: string; anonKey: string },
): Promise<VerifiedSession | null> {
  const now = Date.now();
  const cached = hostedAnswers.get(token);
  if (cached && cached.until > now) return cached.session;
  if (typeof payload.exp === "number" && payload.exp * 1000 <= now) return null;
  const response = await fetch(`${auth.url}/auth/v1/user`, { headers: { apikey: auth.anonKey, authorization: `Bearer ${token}` } });
  let session: VerifiedSession | null = null;
  if (response.ok) {
    const user = (await response.json()) as HostedUser;
    if (user.id && (payload.sub === undefined || payload.sub === user.id)) {
      const claims = { ...payload, sub: user.id, email: user.email, user_metadata: user.user_metadata } as AccessClaims;
      const hasVerifiedFactor = (user.factors ?? []).some((f) => f.status === "verified");
      session = { token, claims, mfaRequired: hasVerifiedFactor && claims.aal !== "aal2" };
    }
  } else if (response.status >= 500) {
    throw new Error(`the auth server answered ${response.status}`);
  }
  if (hostedAnswers.size > 10_000) hostedAnswers.clear();
  hostedAnswers.set(token, { session, until: Math.min(now + HOSTED_CHECK_TTL_MS, ((payload.exp as number | undefined) ?? 0) * 1000) });
  return session;
}

/** Forgets the remembered answers for a user's tokens, so an account just deleted is refused at once. */
export function forgetHostedSessions(userId: string): void {
  for (const [token, answer] of hostedAnswers) {
    if (answer.session?.claims.sub === userId) hostedAnswers.delete(token);
  }
}

/** Forgets cached signing keys and session answers (tests, after the database behind them changed). */
export function resetTokenCaches(): void {
  delete (globalThis as GlobalWithJwks)[cacheKey];
  hostedAnswers.clear();
  verifiedTokens.clear();
  forgetCachedSessions();
}
