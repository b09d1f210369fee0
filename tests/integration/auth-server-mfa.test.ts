/**
 * The embedded auth server behind a real HTTP server, driven by the unmodified supabase-js client,
 * on every test database.
 * TOTP multi-factor authentication: enroll, challenge, verify to aal2, unenroll, and the caps on wrong codes.
 */
import { decodeJwt } from "jose";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { PASSWORD, authServerSuite } from "../helpers/auth-server";
import { testDbKinds } from "../helpers/db";

describe.each(testDbKinds)("embedded auth server on %s: mfa", (kind) => {
  const h = authServerSuite(kind);
  const { clock, now, client, signedIn, rawRequest } = h;

  it("enrolls, challenges and verifies a TOTP factor up to aal2, then unenrolls it", async () => {
    const { supabase, email } = await signedIn("mfa");
    const bystander = client();
    await bystander.auth.signInWithPassword({ email, password: PASSWORD });

    const before = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });

    const enrolled = await supabase.auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone app" });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.type).toBe("totp");
    expect(factor.friendly_name).toBe("Phone app");
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);

    const duplicate = await supabase.auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone app" });
    expect(duplicate.error?.code).toBe("mfa_factor_name_conflict");

    const listedBefore = await supabase.auth.mfa.listFactors();
    expect(listedBefore.data!.all.map((f) => f.id)).toContain(factor.id);
    expect(listedBefore.data!.totp).toHaveLength(0);

    const challenge = await supabase.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data!.type).toBe("totp");
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000);

    const wrongCode = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: "000000" });
    expect(wrongCode.error?.code).toBe("mfa_verification_failed");
    expect(wrongCode.error?.status).toBe(422);

    const code = new TOTP({ secret: Secret.fromBase32(factor.totp.secret) }).generate();
    const verified = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code });
    expect(verified.error).toBeNull();
    const claims = decodeJwt(verified.data!.access_token);
    expect(claims.aal).toBe("aal2");
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(expect.arrayContaining(["totp", "password"]));

    const level = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    const listed = await supabase.auth.mfa.listFactors();
    expect(listed.data!.totp.map((f) => f.id)).toEqual([factor.id]);
    expect(listed.data!.totp[0]!.status).toBe("verified");

    // A used challenge cannot be replayed; sessions without the second factor were ended.
    const replay = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code });
    expect(replay.error?.code).toBe("mfa_challenge_expired");
    expect((await bystander.auth.getUser()).error).not.toBeNull();

    // A fresh password sign-in is aal1 and wants aal2.
    const fresh = client();
    await fresh.auth.signInWithPassword({ email, password: PASSWORD });
    const freshLevel = await fresh.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(freshLevel.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    const notAllowed = await fresh.auth.mfa.unenroll({ factorId: factor.id });
    expect(notAllowed.error?.code).toBe("insufficient_aal");

    // The refreshed aal2 session keeps its level.
    const refreshed = await supabase.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe("aal2");

    const unknownFactor = await supabase.auth.mfa.challenge({ factorId: crypto.randomUUID() });
    expect(unknownFactor.error?.code).toBe("mfa_factor_not_found");
    expect(unknownFactor.error?.status).toBe(404);

    const unenrolled = await supabase.auth.mfa.unenroll({ factorId: factor.id });
    expect(unenrolled.error).toBeNull();
    expect(unenrolled.data).toEqual({ id: factor.id });
    const afterwards = await supabase.auth.mfa.listFactors();
    expect(afterwards.data!.all).toHaveLength(0);
  });

  it("accepts each TOTP code once, even on another challenge or in a race", async () => {
    const { supabase, session } = await signedIn("totp-replay");
    const { data: factor } = await supabase.auth.mfa.enroll({ factorType: "totp" });
    const totp = new TOTP({ secret: Secret.fromBase32(factor!.totp.secret) });
    const codeAt = (offsetMs: number) => totp.generate({ timestamp: now().getTime() + offsetMs });
    const code = codeAt(0);
    const first = (await supabase.auth.mfa.challenge({ factorId: factor!.id })).data!;
    expect((await supabase.auth.mfa.verify({ factorId: factor!.id, challengeId: first.id, code })).error).toBeNull();

    // An attacker who saw the code cannot use it on a challenge of their own.
    const thief = client();
    await thief.auth.signInWithPassword({ email: session.user.email!, password: PASSWORD });
    const stolen = (await thief.auth.mfa.challenge({ factorId: factor!.id })).data!;
    const replay = await thief.auth.mfa.verify({ factorId: factor!.id, challengeId: stolen.id, code });
    expect(replay.error?.code).toBe("mfa_verification_failed");
    expect(replay.error?.status).toBe(422);
    // Nor the code of the step before, which the window would otherwise still accept.
    const previous = await thief.auth.mfa.verify({ factorId: factor!.id, challengeId: stolen.id, code: codeAt(-30_000) });
    expect(previous.error?.code).toBe("mfa_verification_failed");
    // The challenge survives wrong codes, and the next step's code works.
    clock.offsetMs = 30_000;
    try {
      const next = await thief.auth.mfa.verify({ factorId: factor!.id, challengeId: stolen.id, code: codeAt(0) });
      expect(next.error).toBeNull();
    } finally {
      clock.offsetMs = 0;
    }

    // Two requests racing with one fresh code: exactly one wins.
    clock.offsetMs = 60_000;
    try {
      const { data: current } = await supabase.auth.getSession();
      const auth = { Authorization: `Bearer ${current.session!.access_token}` };
      const challenges = await Promise.all([0, 1].map(async () => (await rawRequest("POST", `/factors/${factor!.id}/challenge`, "{}", auth)).json.id));
      const fresh = codeAt(0);
      const raced = await Promise.all(
        [challenges[0], challenges[0], challenges[1]].map((challengeId) =>
          rawRequest("POST", `/factors/${factor!.id}/verify`, JSON.stringify({ challenge_id: challengeId, code: fresh }), auth),
        ),
      );
      expect(raced.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    } finally {
      clock.offsetMs = 0;
    }
  });

  it("caps failed TOTP codes per challenge and per factor", async () => {
    const { supabase } = await signedIn("totp-guess");
    const { data: factor } = await supabase.auth.mfa.enroll({ factorType: "totp" });
    const totp = new TOTP({ secret: Secret.fromBase32(factor!.totp.secret) });
    const wrongCode = () => {
      const right = totp.generate({ timestamp: now().getTime() });
      return String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");
    };
    const first = (await supabase.auth.mfa.challenge({ factorId: factor!.id })).data!;
    for (let i = 0; i < 5; i++) {
      const wrong = await supabase.auth.mfa.verify({ factorId: factor!.id, challengeId: first.id, code: wrongCode() });
      expect(wrong.error?.code).toBe("mfa_verification_failed");
    }
    const spent = await supabase.auth.mfa.verify({ factorId: factor!.id, challengeId: first.id, code: totp.generate({ timestamp: now().getTime() }) });
    expect(spent.error?.code).toBe("mfa_challenge_expired");

    const second = (await supabase.auth.mfa.challenge({ factorId: factor!.id })).data!;
    for (let i = 0; i < 5; i++) {
      const wrong = await supabase.auth.mfa.verify({ factorId: factor!.id, challengeId: second.id, code: wrongCode() });
      expect(wrong.error?.code).toBe("mfa_verification_failed");
    }
    const third = (await supabase.auth.mfa.challenge({ factorId: factor!.id })).data!;
    const capped = await supabase.auth.mfa.verify({ factorId: factor!.id, challengeId: third.id, code: totp.generate({ timestamp: now().getTime() }) });
    expect(capped.error?.code).toBe("over_request_rate_limit");
    expect(capped.error?.status).toBe(429);

    clock.offsetMs = 300_000;
    try {
      const fresh = (await supabase.auth.mfa.challenge({ factorId: factor!.id })).data!;
      const ok = await supabase.auth.mfa.verify({ factorId: factor!.id, challengeId: fresh.id, code: totp.generate({ timestamp: now().getTime() }) });
      expect(ok.error).toBeNull();
    } finally {
      clock.offsetMs = 0;
    }
  });
});
