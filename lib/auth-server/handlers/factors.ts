/** TOTP multi-factor authentication: enroll, challenge, verify (aal2) and unenroll. */
import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { authMfaChallenges, authMfaFactors, authSessions, type AuthFactor, type AuthSession } from "@/db/schema";
import type { RequestContext } from "../context";
import { AuthServerError, overRequestRateLimit, validationFailed } from "../errors";
import { authenticate, knownIp, limitByIp } from "../guards";
import { jsonResponse, optionalString, readBody } from "../http";
import { issueRefreshToken, revokeSessionTokens, tokenResponse, type AmrEntry } from "../sessions";
import { isUuid, listFactors } from "../users";

const factorNotFound = () => new AuthServerError(404, "mfa_factor_not_found", "Factor not found");
const challengeExpired = (id: string) =>
  new AuthServerError(422, "mfa_challenge_expired", `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`);
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

const enrollSchema = z.object({
  factor_type: optionalString,
  friendly_name: optionalString,
  issuer: optionalString,
  phone: optionalString,
});

const TOTP_PERIOD = 30;

function totpFor(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD, secret: Secret.fromBase32(secret) });
}

export async function enrollFactor(ctx: RequestContext): Promise<Response> {
  const { user, session } = await authenticate(ctx);
  const body = await readBody(ctx.request, enrollSchema);
  if (body.factor_type === "phone") {
    throw new AuthServerError(422, "mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone");
  }
  if (body.factor_type === "webauthn") {
    throw new AuthServerError(422, "mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn");
  }
  if (body.factor_type !== "totp") throw validationFailed("factor_type needs to be totp, phone, or webauthn");

  const friendlyName = body.friendly_name?.trim() || null;
  const factors = await listFactors(ctx.db, user.id);
  if (factors.some((f) => f.status === "verified") && session.aal !== "aal2") {
    throw new AuthServerError(422, "insufficient_aal", "AAL2 required to enroll a new factor");
  }
  // Unverified factors that were never finished expire, as in GoTrue.
  const staleBefore = new Date(ctx.now.getTime() - ctx.config.mfaChallengeExpirySeconds * 1000);
  const stale = factors.filter((f) => f.status === "unverified" && f.createdAt < staleBefore);
  if (stale.length > 0) {
    await ctx.db.delete(authMfaFactors).where(inArray(authMfaFactors.id, stale.map((f) => f.id)));
  }
  const remaining = factors.filter((f) => !stale.includes(f));
  if (remaining.length >= ctx.config.maxEnrolledFactors) {
    throw new AuthServerError(422, "too_many_enrolled_mfa_factors", "Maximum number of enrolled factors reached, unenroll to continue");
  }
  if (friendlyName && remaining.some((f) => f.friendlyName === friendlyName)) {
    throw new AuthServerError(422, "mfa_factor_name_conflict", `A factor with the friendly name "${friendlyName}" for this user already exists`);
  }

  const issuer = body.issuer?.trim() || new URL(ctx.site).hostname;
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpFor(secret, issuer, user.email).toString();
  // Raw SVG, as GoTrue sends it; supabase-js turns it into a data: URI.
  const qrCode = await QRCode.toString(uri, { type: "svg", margin: 1 });
  const [factor] = await ctx.db
    .insert(authMfaFactors)
    .values({ userId: user.id, friendlyName, factorType: "totp", status: "unverified", secret, createdAt: ctx.now, updatedAt: ctx.now })
    .onConflictDoNothing()
    .returning();
  if (!factor) {
    throw new AuthServerError(422, "mfa_factor_name_conflict", `A factor with the friendly name "${friendlyName}" for this user already exists`);
  }
  return jsonResponse({
    id: factor.id,
    type: "totp",
    friendly_name: friendlyName ?? "",
    totp: { qr_code: qrCode, secret, uri },
  });
}

async function loadFactor(ctx: RequestContext, userId: string, factorId: string): Promise<AuthFactor> {
  if (!isUuid(factorId)) throw factorNotFound();
  const [factor] = await ctx.db
    .select()
    .from(authMfaFactors)
    .where(and(eq(authMfaFactors.id, factorId), eq(authMfaFactors.userId, userId)))
    .limit(1);
  if (!factor) throw factorNotFound();
  return factor;
}

/** The body is optional here (supabase-js sends the factor id, phone factors a channel). */
async function readOptionalBody(ctx: RequestContext): Promise<void> {
  const text = await ctx.request.clone().text();
  if (text.trim() !== "") await readBody(ctx.request, z.object({ channel: optionalString }));
}

export async function challengeFactor(ctx: RequestContext, factorId: string): Promise<Response> {
  const { user } = await authenticate(ctx);
  const factor = await loadFactor(ctx, user.id, factorId);
  limitByIp(ctx, ctx.limits.mfa);
  await readOptionalBody(ctx);
  const challenge = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(authMfaChallenges).values({ factorId: factor.id, ip: knownIp(ctx), createdAt: ctx.now }).returning();
    await tx.update(authMfaFactors).set({ lastChallengedAt: ctx.now, updatedAt: ctx.now }).where(eq(authMfaFactors.id, factor.id));
    // Old challenges of this factor that can no longer be used are cleared.
    const staleBefore = new Date(ctx.now.getTime() - 2 * ctx.config.mfaChallengeExpirySeconds * 1000);
    await tx.delete(authMfaChallenges).where(and(eq(authMfaChallenges.factorId, factor.id), lt(authMfaChallenges.createdAt, staleBefore)));
    return row!;
  });
  return jsonResponse({
    id: challenge.id,
    type: factor.factorType,
    expires_at: unix(challenge.createdAt) + ctx.config.mfaChallengeExpirySeconds,
  });
}

const verifySchema = z.object({ challenge_id: optionalString, code: optionalString });

export async function verifyFactor(ctx: RequestContext, factorId: string): Promise<Response> {
  const { user, session } = await authenticate(ctx);
  const factor = await loadFactor(ctx, user.id, factorId);
  limitByIp(ctx, ctx.limits.mfa);
  const body = await readBody(ctx.request, verifySchema);
  if (!body.challenge_id) throw validationFailed("challenge_id is required");
  if (!body.code) throw validationFailed("code is required");
  const challengeNotFound = new AuthServerError(404, "mfa_factor_not_found", "MFA factor with the provided challenge ID not found");
  if (!isUuid(body.challenge_id)) throw challengeNotFound;
  const [challenge] = await ctx.db
    .select()
    .from(authMfaChallenges)
    .where(and(eq(authMfaChallenges.id, body.challenge_id), eq(authMfaChallenges.factorId, factor.id)))
    .limit(1);
  if (!challenge) throw challengeNotFound;
  const expired =
    challenge.verifiedAt !== null ||
    challenge.createdAt.getTime() + ctx.config.mfaChallengeExpirySeconds * 1000 < ctx.now.getTime();
  if (expired) throw challengeExpired(challenge.id);
  if (challenge.ip && knownIp(ctx) && challenge.ip !== ctx.ip) {
    throw new AuthServerError(422, "mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.");
  }
  // Wrong codes are capped per factor (whatever the IP) and per challenge.
  if (!ctx.limits.mfaFactorFailures.peek(factor.id)) throw overRequestRateLimit();
  if (!ctx.limits.mfaChallengeFailures.peek(challenge.id)) throw challengeExpired(challenge.id);
  const verificationFailed = () => {
    ctx.limits.mfaFactorFailures.take(factor.id);
    ctx.limits.mfaChallengeFailures.take(challenge.id);
    return new AuthServerError(422, "mfa_verification_failed", "Invalid TOTP code entered");
  };
  const totp = totpFor(factor.secret ?? "", "", user.email);
  const code = body.code.replace(/\s+/g, "");
  const delta = /^\d{6}$/.test(code) ? totp.validate({ token: code, timestamp: ctx.now.getTime(), window: 1 }) : null;
  if (delta === null) throw verificationFailed();
  // A code is good once: its time step must come after the last one this factor accepted.
  const step = Math.floor(ctx.now.getTime() / 1000 / TOTP_PERIOD) + delta;
  if (factor.lastTotpStep !== null && step <= factor.lastTotpStep) throw verificationFailed();

  const result = await ctx.db.transaction(async (tx) => {
    // Both conditions are checked by the updates themselves, so two requests racing with the same
    // challenge or the same code cannot both succeed.
    const [used] = await tx
      .update(authMfaChallenges)
      .set({ verifiedAt: ctx.now })
      .where(and(eq(authMfaChallenges.id, challenge.id), isNull(authMfaChallenges.verifiedAt)))
      .returning({ id: authMfaChallenges.id });
    if (!used) throw challengeExpired(challenge.id);
    const [accepted] = await tx
      .update(authMfaFactors)
      .set({ lastTotpStep: step, status: "verified", updatedAt: ctx.now })
      .where(and(eq(authMfaFactors.id, factor.id), or(isNull(authMfaFactors.lastTotpStep), lt(authMfaFactors.lastTotpStep, step))))
      .returning({ id: authMfaFactors.id });
    if (!accepted) throw verificationFailed();
    if (factor.status !== "verified") {
      // With a second factor in place, sessions that never passed it end (GoTrue does the same).
      const others = await tx
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(and(eq(authSessions.userId, user.id), eq(authSessions.aal, "aal1")));
      const ids = others.map((s) => s.id).filter((id) => id !== session.id);
      if (ids.length > 0) await tx.delete(authSessions).where(inArray(authSessions.id, ids));
    }
    const amr: AmrEntry[] = [...session.amr.filter((e) => e.method !== "totp"), { method: "totp", timestamp: unix(ctx.now) }];
    const [upgraded] = await tx
      .update(authSessions)
      .set({ aal: "aal2", factorId: factor.id, amr, updatedAt: ctx.now, refreshedAt: ctx.now })
      .where(eq(authSessions.id, session.id))
      .returning();
    await revokeSessionTokens(ctx, tx, session.id);
    const refreshToken = await issueRefreshToken(ctx, tx, user.id, session.id, null);
    return { session: upgraded as AuthSession, refreshToken };
  });
  return jsonResponse(await tokenResponse(ctx, ctx.db, user, result.session, result.refreshToken));
}

export async function unenrollFactor(ctx: RequestContext, factorId: string): Promise<Response> {
  const { user, session } = await authenticate(ctx);
  const factor = await loadFactor(ctx, user.id, factorId);
  if (factor.status === "verified" && session.aal !== "aal2") {
    throw new AuthServerError(422, "insufficient_aal", "AAL2 required to unenroll verified factor");
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(authMfaFactors).where(eq(authMfaFactors.id, factor.id));
    await dropToAal1(ctx, tx, factor.id);
  });
  return jsonResponse({ id: factor.id });
}

/** Sessions that reached aal2 with a factor now gone fall back to aal1, as in GoTrue. */
export async function dropToAal1(ctx: RequestContext, tx: DbOrTx, factorId: string): Promise<void> {
  const upgraded = await tx.select().from(authSessions).where(eq(authSessions.factorId, factorId));
  for (const s of upgraded) {
    await tx
      .update(authSessions)
      .set({ aal: "aal1", factorId: null, amr: s.amr.filter((e) => e.method !== "totp"), updatedAt: ctx.now })
      .where(eq(authSessions.id, s.id));
  }
}
