/**
 * The embedded auth server behind a real HTTP server, driven by the unmodified supabase-js client,
 * on every test database.
 * Passwordless sign-in (signInWithOtp: a magic link with a six-digit code), and sign-ups switched
 * off (GoTrue's DISABLE_SIGNUP), the first account of an empty install excepted.
 */
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { authMail, authOneTimeTokens, authUsers } from "@/db/schema";
import { PASSWORD, authServerSuite, noLimits, uniqueEmail } from "../helpers/auth-server";
import { testDbKinds } from "../helpers/db";

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

describe.each(testDbKinds)("embedded auth server on %s: email codes and sign-ups off", (kind) => {
  const h = authServerSuite(kind);
  const { clock, client, callback, latestMail, follow, rawRequest, start } = h;

  async function mailCount(to: string): Promise<number> {
    return (await h.t.db.select({ id: authMail.id }).from(authMail).where(eq(authMail.to, to))).length;
  }

  it("signs a new address up with an emailed code: the account is confirmed and has no password", async () => {
    const email = uniqueEmail("otp-new");
    const supabase = client();
    const sent = await supabase.auth.signInWithOtp({ email, options: { data: { first_name: "Ana" }, emailRedirectTo: callback() } });
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ user: null, session: null });

    const mail = await latestMail(email);
    expect(mail.kind).toBe("magiclink");
    expect(mail.subject).toBe("Your LingoReel sign-in code");
    const code = codeIn(mail.text);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(`Or enter this code on the sign-in screen: ${code}`);
    expect(mail.text).toContain("Hi Ana,");

    const [before] = await h.t.db.select().from(authUsers).where(eq(authUsers.email, email));
    expect(before!.emailConfirmedAt).toBeNull();
    expect(before!.encryptedPassword).toBe("");

    const verified = await supabase.auth.verifyOtp({ email, token: code!, type: "email" });
    expect(verified.error).toBeNull();
    expect(verified.data.user!.email).toBe(email);
    expect(verified.data.user!.email_confirmed_at).toBeTruthy();
    const claims = decodeJwt(verified.data.session!.access_token);
    expect(claims.aal).toBe("aal1");
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(["otp"]);

    // A code works once; the password sign-in knows no password for the account.
    const again = await client().auth.verifyOtp({ email, token: code!, type: "email" });
    expect(again.error?.code).toBe("otp_expired");
    expect(again.error?.status).toBe(403);
    const password = await client().auth.signInWithPassword({ email, password: "" });
    expect(password.error).not.toBeNull();
  });

  it("signs a registered user in from the link, and from the link in another browser with PKCE only as a code", async () => {
    const email = uniqueEmail("otp-known");
    await h.main.server.createUser({ email, password: PASSWORD });
    const implicit = client("implicit");
    expect((await implicit.auth.signInWithOtp({ email, options: { emailRedirectTo: callback() } })).error).toBeNull();
    const link = (await latestMail(email)).links.find((l) => l.includes("/auth/v1/verify"))!;
    expect(new URL(link).searchParams.get("type")).toBe("magiclink");
    const landed = await follow(link);
    const fragment = new URLSearchParams(landed.hash.slice(1));
    expect(fragment.get("type")).toBe("magiclink");
    expect(decodeJwt(fragment.get("access_token")!).email).toBe(email);

    // The link and the code are one: after the link, the code is spent too.
    const afterLink = codeIn((await latestMail(email)).text)!;
    expect((await client().auth.verifyOtp({ email, token: afterLink, type: "email" })).error?.code).toBe("otp_expired");

    // PKCE: the link comes back as ?code=, which only the asking browser can redeem.
    clock.offsetMs += 61_000;
    const pkce = client("pkce");
    expect((await pkce.auth.signInWithOtp({ email, options: { emailRedirectTo: callback() } })).error).toBeNull();
    const pkceLink = (await latestMail(email)).links.find((l) => l.includes("/auth/v1/verify"))!;
    expect(new URL(pkceLink).searchParams.get("token")).toMatch(/^pkce_/);
    const back = await follow(pkceLink);
    const authCode = back.searchParams.get("code")!;
    expect(back.hash).toBe("");
    expect((await client("pkce").auth.exchangeCodeForSession(authCode)).error).not.toBeNull();
    const exchanged = await pkce.auth.exchangeCodeForSession(authCode);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user!.email).toBe(email);
  });

  it("answers alike for unknown addresses when no account may be made, and sends them nothing", async () => {
    const known = uniqueEmail("otp-alike-known");
    const unknown = uniqueEmail("otp-alike-unknown");
    await h.main.server.createUser({ email: known, password: PASSWORD });
    const a = await rawRequest("POST", "/otp", JSON.stringify({ email: known, create_user: false }));
    const b = await rawRequest("POST", "/otp", JSON.stringify({ email: unknown, create_user: false }));
    expect([a.status, a.json]).toEqual([200, {}]);
    expect([b.status, b.json]).toEqual([200, {}]);
    expect(await mailCount(known)).toBe(1);
    expect(await mailCount(unknown)).toBe(0);
    expect(await h.t.db.select().from(authUsers).where(eq(authUsers.email, unknown))).toHaveLength(0);

    // The per-address minute holds for both, registered or not.
    const a2 = await client().auth.signInWithOtp({ email: known, options: { shouldCreateUser: false } });
    const b2 = await client().auth.signInWithOtp({ email: unknown, options: { shouldCreateUser: false } });
    for (const { error } of [a2, b2]) {
      expect(error?.code).toBe("over_email_send_rate_limit");
      expect(error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    }
  });

  it("refuses wrong, expired and guessed codes", async () => {
    const email = uniqueEmail("otp-guess");
    await h.main.server.createUser({ email, password: PASSWORD });
    const limited = await start({ rateLimits: { ...noLimits, failedMfaPerChallenge: 3 } });
    const supabase = client("pkce", limited.url);
    expect((await supabase.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const code = codeIn((await latestMail(email)).text)!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 3; i++) {
      const { error } = await supabase.auth.verifyOtp({ email, token: wrong, type: "email" });
      expect(error?.code).toBe("otp_expired");
      expect(error?.message).toBe("Token has expired or is invalid");
    }
    // Three wrong tries use the code up: the right one no longer works.
    expect((await supabase.auth.verifyOtp({ email, token: code, type: "email" })).error?.code).toBe("otp_expired");

    clock.offsetMs += 61_000;
    expect((await client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const fresh = codeIn((await latestMail(email)).text)!;
    clock.offsetMs += 86_400_000 + 1_000;
    expect((await client().auth.verifyOtp({ email, token: fresh, type: "email" })).error?.code).toBe("otp_expired");
    // Another address's code, and no address at all.
    expect((await client().auth.verifyOtp({ email: uniqueEmail("nobody"), token: fresh, type: "email" })).error?.code).toBe("otp_expired");
    const noEmail = await rawRequest("POST", "/verify", JSON.stringify({ type: "email", token: fresh }));
    expect(noEmail.status).toBe(400);
  });

  it("keeps the second factor: a code gives aal1, and the authenticator app aal2", async () => {
    const email = uniqueEmail("otp-mfa");
    await h.main.server.createUser({ email, password: PASSWORD });
    const withPassword = client();
    await withPassword.auth.signInWithPassword({ email, password: PASSWORD });
    const factor = (await withPassword.auth.mfa.enroll({ factorType: "totp" })).data!;
    const totp = new TOTP({ secret: Secret.fromBase32(factor.totp.secret) });
    const challenge = (await withPassword.auth.mfa.challenge({ factorId: factor.id })).data!;
    expect((await withPassword.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.id, code: totp.generate({ timestamp: h.now().getTime() }) })).error).toBeNull();

    clock.offsetMs += 61_000;
    const supabase = client();
    await supabase.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    const { error } = await supabase.auth.verifyOtp({ email, token: codeIn((await latestMail(email)).text)!, type: "email" });
    expect(error).toBeNull();
    expect((await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    // Credentials stay locked until the factor is proved.
    expect((await supabase.auth.updateUser({ email: uniqueEmail("moved") })).error?.code).toBe("insufficient_aal");
  });

  it("with sign-ups off, lets only an empty install's first account sign up, and signs registered users in by code", async () => {
    const off = await start({ disableSignup: true });
    const supabase = client("pkce", off.url);
    const settings = await fetch(`${off.url}/auth/v1/settings`).then((r) => r.json() as Promise<{ disable_signup: boolean }>);
    expect(settings.disable_signup).toBe(true);

    // An empty install: its first account (the owner-to-be) may still sign up.
    await h.t.db.delete(authUsers);
    const first = uniqueEmail("first");
    expect((await supabase.auth.signUp({ email: first, password: PASSWORD })).error).toBeNull();

    const second = uniqueEmail("second");
    const refused = await supabase.auth.signUp({ email: second, password: PASSWORD });
    expect(refused.error?.code).toBe("signup_disabled");
    expect(refused.error?.status).toBe(422);
    expect(refused.error?.message).toBe("Signups not allowed for this instance");
    const byCode = await supabase.auth.signInWithOtp({ email: second });
    expect(byCode.error?.code).toBe("signup_disabled");
    expect(await h.t.db.select().from(authUsers).where(eq(authUsers.email, second))).toHaveLength(0);

    // A registered user still signs in with a code (the sign-in screen asks without creating).
    await h.main.server.createUser({ email: second, password: PASSWORD });
    expect((await supabase.auth.signInWithOtp({ email: second, options: { shouldCreateUser: false } })).error).toBeNull();
    const verified = await supabase.auth.verifyOtp({ email: second, token: codeIn((await latestMail(second)).text)!, type: "email" });
    expect(verified.error).toBeNull();
  });

  it("sends a banned user nothing, and refuses their earlier link and code with GoTrue's 403", async () => {
    const email = uniqueEmail("otp-banned");
    const user = await h.main.server.createUser({ email, password: PASSWORD });
    expect((await client("implicit").auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const mail = await latestMail(email);
    const code = codeIn(mail.text)!;
    await h.t.db.update(authUsers).set({ bannedUntil: new Date(h.now().getTime() + 86_400_000) }).where(eq(authUsers.id, user.id));

    const byCode = await client().auth.verifyOtp({ email, token: code, type: "email" });
    expect([byCode.error?.status, byCode.error?.code]).toEqual([403, "user_banned"]);
    const landed = await follow(mail.links.find((l) => l.includes("/auth/v1/verify"))!);
    expect(new URLSearchParams(landed.hash.slice(1)).get("error_code")).toBe("user_banned");

    clock.offsetMs += 61_000;
    expect((await client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    expect(await mailCount(email)).toBe(1);
  });

  it("drops the password of someone who signed the address up first, once its owner signs in by code", async () => {
    const email = uniqueEmail("otp-squatted");
    // A stranger signs the address up with a password of their own; it stays unconfirmed.
    expect((await client().auth.signUp({ email, password: "strangers-123" })).error).toBeNull();
    clock.offsetMs += 61_000;
    const owner = client();
    expect((await owner.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const mail = await latestMail(email);
    expect(mail.kind).toBe("magiclink");
    expect((await owner.auth.verifyOtp({ email, token: codeIn(mail.text)!, type: "email" })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: "strangers-123" })).error?.code).toBe("invalid_credentials");
  });

  it("keeps codes to the emails that show them: a reset email has none to guess", async () => {
    const email = uniqueEmail("otp-no-hidden-code");
    await h.main.server.createUser({ email, password: PASSWORD });
    expect((await client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const rows = await h.t.db.select({ type: authOneTimeTokens.tokenType }).from(authOneTimeTokens).where(eq(authOneTimeTokens.relatesTo, email));
    expect(rows.map((r) => r.type)).toEqual(["recovery"]);
  });

  it("counts wrong codes against the account across fresh codes", async () => {
    const email = uniqueEmail("otp-many-codes");
    await h.main.server.createUser({ email, password: PASSWORD });
    const limited = await start({ rateLimits: { ...noLimits, failedSignInsPerEmailPer5Min: 3, emailMaxFrequencySeconds: 0 } });
    const supabase = client("pkce", limited.url);
    let refusal: string | undefined;
    for (let i = 0; i < 4; i++) {
      await supabase.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
      const code = codeIn((await latestMail(email)).text)!;
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      refusal = (await supabase.auth.verifyOtp({ email, token: wrong, type: "email" })).error?.code;
    }
    expect(refusal).toBe("over_request_rate_limit");
    // Locked out for now, even with the right code.
    await supabase.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    const right = codeIn((await latestMail(email)).text)!;
    expect((await supabase.auth.verifyOtp({ email, token: right, type: "email" })).error?.code).toBe("over_request_rate_limit");
  });

  it("sends no sign-in code to an invited account whose invitation ran out", async () => {
    const email = uniqueEmail("otp-lapsed-invite");
    const user = await h.main.server.createUser({ email, password: PASSWORD, emailConfirmed: false });
    await h.t.db.update(authUsers).set({ invitedAt: new Date(h.now().getTime() - 8 * 86_400_000), encryptedPassword: "" }).where(eq(authUsers.id, user.id));
    expect((await client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    expect(await mailCount(email)).toBe(0);
    // Still within its week, the code is another way to accept it.
    await h.t.db.update(authUsers).set({ invitedAt: h.now() }).where(eq(authUsers.id, user.id));
    clock.offsetMs += 61_000;
    expect((await client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    expect(await mailCount(email)).toBe(1);
  });

  it("refuses bad requests with GoTrue's answers", async () => {
    const noAddress = await rawRequest("POST", "/otp", JSON.stringify({}));
    expect([noAddress.status, noAddress.json.code]).toEqual([400, "validation_failed"]);
    const wrongType = await rawRequest("POST", "/otp", JSON.stringify({ email: uniqueEmail("t"), create_user: "yes" }));
    expect([wrongType.status, wrongType.json.code]).toEqual([400, "bad_json"]);
    const nul = await rawRequest("POST", "/otp", JSON.stringify({ email: "a\u0000@example.com" }));
    expect(nul.status).toBe(400);
    const huge = await rawRequest("POST", "/otp", JSON.stringify({ email: uniqueEmail("h"), data: { x: "y".repeat(2_000_000) } }));
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
  });
});
