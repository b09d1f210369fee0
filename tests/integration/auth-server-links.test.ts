/**
 * The embedded auth server behind a real HTTP server, driven by the unmodified supabase-js client,
 * on every test database.
 * Email links: sign-up, confirmation (PKCE and implicit), POST /verify, recovery and resend.
 */
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { authFlowState, authMail, authOneTimeTokens, authUsers } from "@/db/schema";
import { PASSWORD, uniqueEmail, authServerSuite } from "../helpers/auth-server";
import { testDbKinds } from "../helpers/db";

describe.each(testDbKinds)("embedded auth server on %s: links", (kind) => {
  const h = authServerSuite(kind);
  const { clock, client, callback, latestMail, latestLink, follow, signedIn, rawRequest } = h;

  it("signs up with PKCE, confirms through the emailed link and exchanges the code", async () => {
    const email = uniqueEmail("pkce");
    const supabase = client("pkce");
    const { data, error } = await supabase.auth.signUp({
      email,
      password: PASSWORD,
      options: {
        data: { first_name: "Marta", last_name: "Kowalska", firstName: "Marta", lastName: "Kowalska" },
        emailRedirectTo: callback(),
      },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.email_confirmed_at).toBeUndefined();
    expect(data.user!.user_metadata).toMatchObject({ first_name: "Marta", lastName: "Kowalska" });
    expect(data.user!.identities).toHaveLength(1);

    const mail = await latestMail(email);
    expect(mail.kind).toBe("signup");
    expect(mail.subject).toContain("LingoReel");
    expect(mail.text).toContain("Hi Marta,");
    const link = await latestLink(email);
    const linkUrl = new URL(link);
    expect(linkUrl.origin).toBe(h.main.url);
    expect(linkUrl.searchParams.get("type")).toBe("signup");
    expect(linkUrl.searchParams.get("redirect_to")).toBe(callback());
    // Only a hash of the token is stored, and no code: the email shows none.
    const tokens = await h.t.db.select().from(authOneTimeTokens).where(eq(authOneTimeTokens.relatesTo, email));
    expect(tokens.map((t) => t.tokenType)).toEqual(["signup"]);
    expect(tokens[0]!.tokenHash).not.toContain(linkUrl.searchParams.get("token")!);

    // A mail scanner's HEAD request does not use the link up.
    expect((await fetch(link, { method: "HEAD", redirect: "manual" })).status).toBe(405);
    const location = await follow(link);
    expect(`${location.origin}${location.pathname}`).toBe(callback());
    const code = location.searchParams.get("code");
    expect(code).toBeTruthy();

    const exchanged = await supabase.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session!.access_token).toBeTruthy();
    expect(exchanged.data.session!.token_type).toBe("bearer");
    expect(exchanged.data.session!.expires_in).toBe(3600);
    expect(exchanged.data.user!.email_confirmed_at).toBeTruthy();
    expect(exchanged.data.user!.user_metadata.first_name).toBe("Marta");

    const { data: got } = await supabase.auth.getUser();
    expect(got.user!.email).toBe(email);

    // A code works once, and only with its verifier.
    const again = await client("pkce").auth.exchangeCodeForSession(code!);
    expect(again.error).not.toBeNull();
    const replay = await rawRequest("POST", "/token?grant_type=pkce", JSON.stringify({ auth_code: code, code_verifier: "x".repeat(43) }));
    expect(replay.status).toBe(404);
    expect(replay.json.code).toBe("flow_state_not_found");

    // The link is used up.
    const reused = await follow(link);
    expect(reused.hash).toContain("error_code=otp_expired");

    const signIn = await client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
  });

  it("rejects a PKCE code with the wrong verifier", async () => {
    const email = uniqueEmail("verifier");
    await client("pkce").auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: callback() } });
    const code = (await follow(await latestLink(email))).searchParams.get("code");
    const response = await rawRequest("POST", "/token?grant_type=pkce", JSON.stringify({ auth_code: code, code_verifier: "y".repeat(50) }));
    expect(response.status).toBe(400);
    expect(response.json.code).toBe("bad_code_verifier");
  });

  it("confirms an address from a link opened in another browser, which can tell but gets no session", async () => {
    const email = uniqueEmail("elsewhere");
    const signupBrowser = client("pkce");
    await signupBrowser.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: callback() } });
    // Another device follows the link: the address is confirmed there and then.
    const location = await follow(await latestLink(email));
    const code = location.searchParams.get("code")!;
    expect(code).toBeTruthy();
    const [user] = await h.t.db.select().from(authUsers).where(eq(authUsers.email, email));
    expect(user!.emailConfirmedAt).not.toBeNull();

    // Without the verifier that device can only learn that the code is real: a made-up verifier is
    // refused as a mismatch (an unknown code as not found), no session is handed out, and the code
    // stays redeemable by the browser that holds the verifier.
    const probe = (authCode: string) =>
      rawRequest("POST", "/token?grant_type=pkce", JSON.stringify({ auth_code: authCode, code_verifier: "z".repeat(96) }));
    const issued = await probe(code);
    expect(issued.status).toBe(400);
    expect(issued.json.code).toBe("bad_code_verifier");
    expect(issued.json.access_token).toBeUndefined();
    const unknown = await probe("not-a-code-we-issued");
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe("flow_state_not_found");
    expect((await signupBrowser.auth.exchangeCodeForSession(code)).error).toBeNull();
    // Once redeemed, it is unknown to everybody.
    expect((await probe(code)).json.code).toBe("flow_state_not_found");
    // The account is ready for a password sign-in on any device.
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it("answers a resend inside the minute with the seconds left, and sends nothing", async () => {
    const email = uniqueEmail("cooldown");
    const supabase = client("pkce");
    const signedUpAt = Date.now();
    await supabase.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: callback() } });
    const firstLink = await latestLink(email);
    const waitAfter = async (ms: number) => {
      clock.offsetMs = ms;
      const { error } = await client("pkce").auth.resend({ type: "signup", email, options: { emailRedirectTo: callback() } });
      expect(error?.status).toBe(429);
      return Number(/after (\d+) seconds/.exec(error!.message)?.[1]);
    };
    // What is left of the minute, give or take the time this test itself has taken (a loaded machine).
    const expectLeft = (seconds: number, clockAheadMs: number) => {
      const elapsed = Math.ceil((Date.now() - signedUpAt + clockAheadMs) / 1000);
      expect(seconds).toBeLessThanOrEqual(60 - Math.floor(clockAheadMs / 1000));
      expect(seconds).toBeGreaterThanOrEqual(Math.max(1, 60 - elapsed - 1));
    };
    try {
      expectLeft(await waitAfter(0), 0);
      expectLeft(await waitAfter(45_000), 45_000);
    } finally {
      clock.offsetMs = 0;
    }
    // The refused resends changed nothing: the first link is still the one, and still works.
    expect(await latestLink(email)).toBe(firstLink);
    const code = (await follow(firstLink)).searchParams.get("code");
    expect((await supabase.auth.exchangeCodeForSession(code!)).error).toBeNull();
  });

  it("puts the session in the redirect fragment for the implicit flow", async () => {
    const email = uniqueEmail("implicit");
    const { error } = await client("implicit").auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: callback() } });
    expect(error).toBeNull();
    const link = await latestLink(email);
    expect(new URL(link).searchParams.get("token")).not.toMatch(/^pkce_/);
    const location = await follow(link);
    expect(`${location.origin}${location.pathname}`).toBe(callback());
    expect(location.hash).toMatch(
      /^#access_token=[^&]+&expires_at=\d+&expires_in=3600&refresh_token=[^&]+&token_type=bearer&type=signup$/,
    );
    const fragment = new URLSearchParams(location.hash.slice(1));

    const supabase = client("implicit");
    const { data, error: setError } = await supabase.auth.setSession({
      access_token: fragment.get("access_token")!,
      refresh_token: fragment.get("refresh_token")!,
    });
    expect(setError).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect(data.user!.user_metadata.email_verified).toBe(true);
    const claims = decodeJwt(fragment.get("access_token")!);
    expect(claims.amr).toEqual([expect.objectContaining({ method: "otp" })]);
  });

  it("verifies a token hash with POST /verify", async () => {
    const email = uniqueEmail("token-hash");
    await client("implicit").auth.signUp({ email, password: PASSWORD });
    const tokenHash = new URL(await latestLink(email)).searchParams.get("token")!;
    const supabase = client("implicit");
    const { data, error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type: "signup" });
    expect(error).toBeNull();
    expect(data.session!.access_token).toBeTruthy();
    expect(data.user!.email_confirmed_at).toBeTruthy();
    const again = await client("implicit").auth.verifyOtp({ token_hash: tokenHash, type: "signup" });
    expect(again.error?.code).toBe("otp_expired");
    expect(again.error?.status).toBe(403);
  });

  it("gives no session for the token of a PKCE link on POST /verify", async () => {
    const email = uniqueEmail("pkce-hash");
    const supabase = client("pkce");
    await supabase.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: callback() } });
    const link = await latestLink(email);
    const tokenHash = new URL(link).searchParams.get("token")!;
    expect(tokenHash).toMatch(/^pkce_/);
    for (const type of ["signup", "email"] as const) {
      const { data, error } = await client("implicit").auth.verifyOtp({ token_hash: tokenHash, type });
      expect(error?.code).toBe("otp_expired");
      expect(error?.status).toBe(403);
      expect(data.session).toBeNull();
    }
    // The link still works, and only where the code verifier is.
    const code = (await follow(link)).searchParams.get("code");
    expect((await supabase.auth.exchangeCodeForSession(code!)).error).toBeNull();

    // A PKCE link whose flow state is gone never falls back to a session in the URL.
    const orphan = uniqueEmail("pkce-orphan");
    await client("pkce").auth.signUp({ email: orphan, password: PASSWORD, options: { emailRedirectTo: callback() } });
    const [ott] = await h.t.db.select().from(authOneTimeTokens).where(eq(authOneTimeTokens.relatesTo, orphan));
    await h.t.db.delete(authFlowState).where(eq(authFlowState.id, ott!.flowStateId!));
    const orphaned = await follow(await latestLink(orphan));
    expect(orphaned.hash).toContain("error_code=flow_state_not_found");
    expect(orphaned.hash).not.toContain("access_token");
  });

  it("redirects an expired link with otp_expired", async () => {
    const email = uniqueEmail("expired");
    await client("pkce").auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: callback() } });
    const link = await latestLink(email);
    clock.offsetMs = 25 * 3600 * 1000;
    try {
      const location = await follow(link);
      expect(`${location.origin}${location.pathname}`).toBe(callback());
      expect(location.hash).toBe("#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired");
      expect(location.searchParams.get("error")).toBe("access_denied");
      expect(location.searchParams.get("error_code")).toBe("otp_expired");
      expect(location.searchParams.get("error_description")).toBe("Email link is invalid or has expired");
    } finally {
      clock.offsetMs = 0;
    }
  });

  it("applies GoTrue's sign-up rules", async () => {
    const weak = await client().auth.signUp({ email: uniqueEmail("weak"), password: "12345" });
    expect(weak.error?.code).toBe("weak_password");
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.message).toBe("Password should be at least 6 characters.");
    expect((weak.error as { reasons?: string[] }).reasons).toEqual(["length"]);

    const badEmail = await client().auth.signUp({ email: "not-an-email", password: PASSWORD });
    expect(badEmail.error?.code).toBe("validation_failed");
    expect(badEmail.error?.status).toBe(400);

    // An address that is already confirmed gets a look-alike user, nothing is sent.
    const { email } = await signedIn("taken");
    const before = await h.t.db.select().from(authMail).where(eq(authMail.to, email));
    const taken = await client().auth.signUp({ email, password: "another-password" });
    expect(taken.error).toBeNull();
    expect(taken.data.user!.identities).toEqual([]);
    const [real] = await h.t.db.select().from(authUsers).where(eq(authUsers.email, email));
    expect(taken.data.user!.id).not.toBe(real!.id);
    expect(await h.t.db.select().from(authMail).where(eq(authMail.to, email))).toHaveLength(before.length);

    // Links only lead back to the site itself.
    const elsewhere = uniqueEmail("elsewhere");
    await client().auth.signUp({ email: elsewhere, password: PASSWORD, options: { emailRedirectTo: "https://evil.example/steal" } });
    expect(new URL(await latestLink(elsewhere)).searchParams.get("redirect_to")).toBe(h.main.url);
    const relative = uniqueEmail("relative");
    await client().auth.signUp({ email: relative, password: PASSWORD, options: { emailRedirectTo: "/auth/callback" } });
    expect(new URL(await latestLink(relative)).searchParams.get("redirect_to")).toBe(callback());
    const loopback = uniqueEmail("loopback");
    const sameHostByName = callback().replace("127.0.0.1", "localhost");
    await client().auth.signUp({ email: loopback, password: PASSWORD, options: { emailRedirectTo: sameHostByName } });
    expect(new URL(await latestLink(loopback)).searchParams.get("redirect_to")).toBe(sameHostByName);
  });

  it("keeps an unconfirmed address's first credentials when it is signed up again, and resends its link", async () => {
    const email = uniqueEmail("preregistered");
    const first = await client("implicit").auth.signUp({ email, password: "owners-own-456", options: { data: { first_name: "Vera" } } });
    expect(first.error).toBeNull();
    const firstLink = await latestLink(email);

    // Within the minute a second sign-up is refused and changes nothing.
    const tooSoon = await client("implicit").auth.signUp({ email, password: "planted-123", options: { data: { first_name: "Mallory" } } });
    expect(tooSoon.error?.code).toBe("over_email_send_rate_limit");
    expect(await h.main.server.verifyPassword(email, "owners-own-456")).toBe(true);

    clock.offsetMs = 61_000;
    try {
      // Later, someone else signs the same address up: the account keeps its password and
      // details, and only its confirmation link goes out again (to the owner's mailbox).
      const intruder = client("implicit");
      const { data, error } = await intruder.auth.signUp({ email, password: "planted-123", options: { data: { first_name: "Mallory" } } });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      expect(data.user!.user_metadata).toEqual({ first_name: "Vera" });
      expect(JSON.stringify(data)).not.toContain("Mallory");
      expect(await h.main.server.verifyPassword(email, "planted-123")).toBe(false);
      const resent = await latestMail(email);
      expect(resent.text).toContain("Hi Vera,");

      // The resent link replaces the first one, and confirms the owner's password.
      expect((await follow(firstLink)).hash).toContain("error_code=otp_expired");
      const location = await follow(await latestLink(email));
      expect(location.hash).toContain("access_token=");
      expect((await client().auth.signInWithPassword({ email, password: "planted-123" })).error?.code).toBe("invalid_credentials");
      const signIn = await client().auth.signInWithPassword({ email, password: "owners-own-456" });
      expect(signIn.error).toBeNull();
      expect(signIn.data.user!.user_metadata).toMatchObject({ first_name: "Vera", email_verified: true });

      // Once confirmed, a further sign-up changes nothing and learns nothing.
      clock.offsetMs = 200_000;
      const late = await client().auth.signUp({ email, password: "too-late-789", options: { data: { first_name: "Eve" } } });
      expect(late.error).toBeNull();
      expect(late.data.user!.identities).toEqual([]);
      expect(late.data.user!.id).not.toBe(signIn.data.user!.id);
      expect(late.data.user!.user_metadata).toEqual({ first_name: "Eve" });
      expect(late.data.user!.created_at).not.toBe(signIn.data.user!.created_at);
      expect(await h.main.server.verifyPassword(email, "owners-own-456")).toBe(true);
    } finally {
      clock.offsetMs = 0;
    }
  });

  it("resets a password through the recovery link", async () => {
    const { email } = await signedIn("recover");
    const supabase = client("pkce");
    const sent = await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${h.main.url}/reset-password` });
    expect(sent.error).toBeNull();
    const mail = await latestMail(email);
    expect(mail.kind).toBe("recovery");
    expect(mail.subject).toBe("Reset your LingoReel password");

    const again = await client("pkce").auth.resetPasswordForEmail(email, { redirectTo: `${h.main.url}/reset-password` });
    expect(again.error?.code).toBe("over_email_send_rate_limit");
    expect(again.error?.status).toBe(429);
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);

    const location = await follow(await latestLink(email));
    expect(location.pathname).toBe("/reset-password");
    const exchanged = await supabase.auth.exchangeCodeForSession(location.searchParams.get("code")!);
    expect(exchanged.error).toBeNull();
    // supabase-js reports the recovery (its types omit the field).
    expect((exchanged.data as { redirectType?: string }).redirectType).toBe("recovery");
    expect(decodeJwt(exchanged.data.session!.access_token).amr).toEqual([expect.objectContaining({ method: "recovery" })]);
    expect((await supabase.auth.updateUser({ password: "recovered-789" })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: "recovered-789" })).error).toBeNull();

    // Unknown addresses look the same from outside.
    const unknown = await client().auth.resetPasswordForEmail(uniqueEmail("ghost"));
    expect(unknown.error).toBeNull();
  });

  it("resends the confirmation email, at most once a minute", async () => {
    const email = uniqueEmail("resend");
    const supabase = client("pkce");
    await supabase.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: callback() } });
    const firstLink = await latestLink(email);

    const tooSoon = await supabase.auth.resend({ type: "signup", email, options: { emailRedirectTo: callback() } });
    expect(tooSoon.error?.code).toBe("over_email_send_rate_limit");
    expect(tooSoon.error?.status).toBe(429);
    expect(tooSoon.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);

    clock.offsetMs = 61_000;
    try {
      const resent = await supabase.auth.resend({ type: "signup", email, options: { emailRedirectTo: callback() } });
      expect(resent.error).toBeNull();
      const secondLink = await latestLink(email);
      expect(secondLink).not.toBe(firstLink);
      // The fresh link replaces the old one.
      expect((await follow(firstLink)).hash).toContain("error_code=otp_expired");
      const code = (await follow(secondLink)).searchParams.get("code");
      expect((await supabase.auth.exchangeCodeForSession(code!)).error).toBeNull();
    } finally {
      clock.offsetMs = 0;
    }

    // Nothing to resend: confirmed or unknown addresses get an empty success.
    expect((await client().auth.resend({ type: "signup", email })).error).toBeNull();
    expect((await client().auth.resend({ type: "signup", email: uniqueEmail("unknown") })).error).toBeNull();
    const badType = await rawRequest("POST", "/resend", JSON.stringify({ type: "bogus", email }));
    expect(badType.status).toBe(400);
    expect(badType.json.code).toBe("validation_failed");
  });
});
