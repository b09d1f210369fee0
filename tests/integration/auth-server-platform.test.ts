/**
 * The embedded auth server behind a real HTTP server, driven by the unmodified supabase-js client,
 * on every test database.
 * Signing keys and JWKS, SMTP delivery, CORS and the public endpoints, indexes and housekeeping.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { PURGE_BATCH_SIZE } from "@/lib/auth-server/maintenance";
import { authFlowState, authOneTimeTokens, authRefreshTokens, authSigningKeys, authUsers } from "@/db/schema";
import { resultRows } from "@/db/client";
import { PASSWORD, uniqueEmail, authServerSuite } from "../helpers/auth-server";
import { fakeSmtp } from "../helpers/smtp";
import { testDbKinds } from "../helpers/db";

describe.each(testDbKinds)("embedded auth server on %s: platform", (kind) => {
  const h = authServerSuite(kind);
  const { clock, start, client, callback, latestMail, signedIn, rawRequest } = h;

  it("issues ES256 tokens that getClaims and a remote JWKS verify", async () => {
    const { supabase, session, email } = await signedIn("claims");
    const header = decodeProtectedHeader(session.access_token);
    expect(header.alg).toBe("ES256");
    expect(header.kid).toBeTruthy();

    const { data, error } = await supabase.auth.getClaims();
    expect(error).toBeNull();
    expect(data!.claims.email).toBe(email);

    const jwks = createRemoteJWKSet(new URL(`${h.main.url}/auth/v1/.well-known/jwks.json`));
    const { payload } = await jwtVerify(session.access_token, jwks, {
      issuer: `${h.main.url}/auth/v1`,
      audience: "authenticated",
    });
    expect(payload).toMatchObject({
      sub: session.user.id,
      aud: "authenticated",
      role: "authenticated",
      email,
      phone: "",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { first_name: "Lena" },
      aal: "aal1",
      is_anonymous: false,
      iss: `${h.main.url}/auth/v1`,
    });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(payload.session_id).toBeTruthy();
    expect(payload.amr).toEqual([expect.objectContaining({ method: "password" })]);

    // The key is stored: a second server (a restart, another instance) verifies the same tokens.
    const restarted = await start();
    const viaRestart = await client("pkce", restarted.url).auth.getUser(session.access_token);
    expect(viaRestart.error).toBeNull();
    expect((await restarted.server.getPublicJwks()).keys.map((k) => k.kid)).toContain(header.kid);

    const tampered = `${session.access_token.slice(0, -4)}AAAA`;
    const bad = await supabase.auth.getClaims(tampered);
    expect(bad.error).not.toBeNull();
    const badUser = await rawRequest("GET", "/user", undefined, { Authorization: `Bearer ${tampered}` });
    expect(badUser.json.code).toBe("bad_jwt");
  });

  it("delivers email over SMTP when configured and reports a failed delivery", async () => {
    const smtp = await fakeSmtp();
    try {
      const from = "LingoReel <no-reply@lingoreel.test>";
      const withSmtp = await start({ smtp: { url: `smtp://127.0.0.1:${smtp.port}`, from } });
      const email = uniqueEmail("smtp");
      const { error } = await client("pkce", withSmtp.url).auth.signUp({ email, password: PASSWORD });
      expect(error).toBeNull();
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]!.to.join()).toContain(email);
      expect(smtp.messages[0]!.from).toContain("no-reply@lingoreel.test");
      expect(smtp.messages[0]!.data).toContain("Subject: Confirm your LingoReel account");
      // The mailbox keeps a copy.
      expect((await latestMail(email)).kind).toBe("signup");

      const logged: string[] = [];
      const broken = await start({ smtp: { url: "smtp://127.0.0.1:1", from }, logError: (message) => logged.push(message) });
      const unlucky = uniqueEmail("smtp-down");
      const failed = await client("pkce", broken.url).auth.signUp({ email: unlucky, password: PASSWORD });
      expect(failed.error?.status).toBe(500);
      expect(logged).toEqual(["could not send the signup email"]);
      // The user may ask again straight away.
      const [user] = await h.t.db.select().from(authUsers).where(eq(authUsers.email, unlucky));
      expect(user!.confirmationSentAt).toBeNull();
      const retry = await client("pkce", withSmtp.url).auth.resend({ type: "signup", email: unlucky });
      expect(retry.error).toBeNull();
      expect(smtp.messages).toHaveLength(2);
    } finally {
      await smtp.close();
    }
  });

  it("speaks CORS and answers health, settings and the key set", async () => {
    const preflight = await fetch(`${h.main.url}/auth/v1/token?grant_type=password`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://app.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, apikey, content-type, x-client-info, x-supabase-api-version",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("apikey");

    const cross = await fetch(`${h.main.url}/auth/v1/health`, { headers: { Origin: "https://app.example" } });
    expect(cross.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(cross.headers.get("access-control-expose-headers")).toContain("X-Supabase-Api-Version");
    expect(await cross.json()).toMatchObject({ name: "GoTrue" });

    const settings = await (await fetch(`${h.main.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({ disable_signup: false, mailer_autoconfirm: false, external: { email: true, phone: false } });

    const jwks = await (await fetch(`${h.main.url}/auth/v1/.well-known/jwks.json`)).json();
    expect(jwks.keys.length).toBeGreaterThanOrEqual(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it("indexes the auth tables' foreign keys", async () => {
    const rows = await h.t.db.execute<{ indexname: string }>(
      sql`select indexname from pg_indexes where schemaname = 'embedded_auth'`,
    );
    const names = resultRows<{ indexname: string }>(rows).map((r) => r.indexname);
    expect(names).toEqual(
      expect.arrayContaining([
        "auth_refresh_tokens_user_idx",
        "auth_flow_state_user_idx",
        "auth_one_time_tokens_flow_state_idx",
        "auth_sessions_factor_idx",
      ]),
    );
  });

  it("purges expired rows in small batches, at most once a minute, on token refreshes", async () => {
    const housekeeping = await start();
    const supabase = client("pkce", housekeeping.url);
    const email = uniqueEmail("purge");
    await housekeeping.server.createUser({ email, password: PASSWORD });
    const { data } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    const sessionId = decodeJwt(data.session!.access_token).session_id as string;
    const userId = data.user!.id;
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await h.t.db.insert(authRefreshTokens).values(
      Array.from({ length: PURGE_BATCH_SIZE + 30 }, (_, i) => ({
        token: `purge-${userId}-${i}`,
        userId,
        sessionId,
        revoked: true,
        createdAt: twoDaysAgo,
        updatedAt: twoDaysAgo,
      })),
    );
    // An email link that ran out a day ago, with its flow state, and one still good.
    const expired = uniqueEmail("purge-link-old");
    await client("pkce").auth.signUp({ email: expired, password: PASSWORD, options: { emailRedirectTo: callback() } });
    const [oldLink] = await h.t.db.select().from(authOneTimeTokens).where(eq(authOneTimeTokens.relatesTo, expired));
    await h.t.db.update(authOneTimeTokens).set({ createdAt: twoDaysAgo }).where(eq(authOneTimeTokens.relatesTo, expired));
    await h.t.db.update(authFlowState).set({ createdAt: twoDaysAgo }).where(eq(authFlowState.id, oldLink!.flowStateId!));
    const current = uniqueEmail("purge-link-new");
    await client("pkce").auth.signUp({ email: current, password: PASSWORD, options: { emailRedirectTo: callback() } });

    const stale = async () =>
      (
        await h.t.db
          .select({ id: authRefreshTokens.id })
          .from(authRefreshTokens)
          .where(and(eq(authRefreshTokens.revoked, true), lt(authRefreshTokens.updatedAt, new Date(Date.now() - 86_400_000))))
      ).length;
    const before = await stale();
    expect(before).toBeGreaterThanOrEqual(PURGE_BATCH_SIZE + 30);

    expect((await supabase.auth.refreshSession()).error).toBeNull();
    expect(await stale()).toBe(before - PURGE_BATCH_SIZE);
    expect(await h.t.db.select().from(authOneTimeTokens).where(eq(authOneTimeTokens.relatesTo, expired))).toEqual([]);
    expect(await h.t.db.select().from(authFlowState).where(eq(authFlowState.id, oldLink!.flowStateId!))).toEqual([]);
    expect(await h.t.db.select().from(authOneTimeTokens).where(eq(authOneTimeTokens.relatesTo, current))).toHaveLength(1);
    // Tokens revoked just now stay, so their reuse is still noticed.
    const justRevoked = data.session!.refresh_token;
    expect(await h.t.db.select().from(authRefreshTokens).where(eq(authRefreshTokens.token, justRevoked))).toHaveLength(1);

    // Within the minute nothing more is purged; after it, the rest goes.
    expect((await supabase.auth.refreshSession()).error).toBeNull();
    expect(await stale()).toBe(before - PURGE_BATCH_SIZE);
    clock.offsetMs = 61_000;
    try {
      expect((await supabase.auth.refreshSession()).error).toBeNull();
    } finally {
      clock.offsetMs = 0;
    }
    expect(await stale()).toBe(Math.max(0, before - 2 * PURGE_BATCH_SIZE));
  });

  it("creates a single signing key when many instances start at once", async () => {
    await h.t.db.delete(authSigningKeys);
    const servers = await Promise.all([start(), start(), start()]);
    const sets = await Promise.all(servers.flatMap((s) => [s.server.getPublicJwks(), s.server.getPublicJwks()]));
    const kids = new Set(sets.flatMap((set) => set.keys.map((k) => k.kid)));
    expect(kids.size).toBe(1);
    const rows = await h.t.db.select().from(authSigningKeys).where(eq(authSigningKeys.active, true));
    expect(rows).toHaveLength(1);
  });
});
