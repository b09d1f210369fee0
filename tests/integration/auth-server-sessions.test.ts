/**
 * The embedded auth server behind a real HTTP server, driven by the unmodified supabase-js client,
 * on every test database.
 * Password sign-in, refresh-token rotation, sign-out scopes, GET/PUT /user, and the accounts offered to server code.
 */
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { isSessionActive } from "@/lib/auth-server";
import { authOneTimeTokens, authSessions, authUsers } from "@/db/schema";
import { PASSWORD, uniqueEmail, authServerSuite } from "../helpers/auth-server";
import { fakeSmtp } from "../helpers/smtp";
import { testDbKinds } from "../helpers/db";

describe.each(testDbKinds)("embedded auth server on %s: sessions", (kind) => {
  const h = authServerSuite(kind);
  const { clock, start, client, latestMail, latestLink, follow, signedIn, rawRequest } = h;

  it("signs in with a password, and says why not", async () => {
    const { email, session } = await signedIn("password");
    expect(session.user.email).toBe(email);
    expect(session.user.last_sign_in_at).toBeTruthy();
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000);

    const wrong = await client().auth.signInWithPassword({ email, password: "not-the-password" });
    expect(wrong.error?.code).toBe("invalid_credentials");
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.message).toBe("Invalid login credentials");

    const unknown = await client().auth.signInWithPassword({ email: uniqueEmail("nobody"), password: PASSWORD });
    expect(unknown.error?.code).toBe("invalid_credentials");

    const unconfirmed = uniqueEmail("unconfirmed");
    await client().auth.signUp({ email: unconfirmed, password: PASSWORD });
    const blocked = await client().auth.signInWithPassword({ email: unconfirmed, password: PASSWORD });
    expect(blocked.error?.code).toBe("email_not_confirmed");
    expect(blocked.error?.status).toBe(400);
    expect(blocked.error?.message).toBe("Email not confirmed");
    // A wrong password says nothing about confirmation.
    const blockedWrong = await client().auth.signInWithPassword({ email: unconfirmed, password: "wrong-password" });
    expect(blockedWrong.error?.code).toBe("invalid_credentials");

    // Email addresses are case-insensitive.
    const shouting = await client().auth.signInWithPassword({ email: email.toUpperCase(), password: PASSWORD });
    expect(shouting.error).toBeNull();
  });

  it("rotates refresh tokens and ends the session when an old one is reused", async () => {
    const { supabase, session } = await signedIn("refresh");
    const first = session.refresh_token;

    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!.refresh_token;
    expect(second).not.toBe(first);
    expect(refreshed.data.session!.access_token).not.toBe(session.access_token);
    expect(decodeJwt(refreshed.data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);

    // Within the reuse interval the old token yields the current one.
    const retry = await client().auth.refreshSession({ refresh_token: first });
    expect(retry.error).toBeNull();
    expect(retry.data.session!.refresh_token).toBe(second);

    // Later, reuse means the token leaked: the session ends.
    clock.offsetMs = 11_000;
    try {
      const reuse = await client().auth.refreshSession({ refresh_token: first });
      expect(reuse.error?.code).toBe("refresh_token_already_used");
      expect(reuse.error?.status).toBe(400);
      expect(reuse.error?.message).toBe("Invalid Refresh Token: Already Used");
      const current = await client().auth.refreshSession({ refresh_token: second });
      expect(current.error?.code).toBe("refresh_token_not_found");
      const user = await rawRequest("GET", "/user", undefined, { Authorization: `Bearer ${refreshed.data.session!.access_token}` });
      expect(user.status).toBe(403);
      expect(user.json.code).toBe("session_not_found");
    } finally {
      clock.offsetMs = 0;
    }

    const unknown = await client().auth.refreshSession({ refresh_token: "no-such-token" });
    expect(unknown.error?.code).toBe("refresh_token_not_found");
    expect(unknown.error?.message).toBe("Invalid Refresh Token: Refresh Token Not Found");
  });

  it("signs out locally, others or everywhere", async () => {
    const email = uniqueEmail("logout");
    await h.main.server.createUser({ email, password: PASSWORD });
    const devices = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const supabase = client();
        const { data } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
        return { supabase, session: data.session! };
      }),
    );
    const [a, b, c, d] = devices as [(typeof devices)[0], (typeof devices)[0], (typeof devices)[0], (typeof devices)[0]];
    const userWith = (token: string) => rawRequest("GET", "/user", undefined, { Authorization: `Bearer ${token}` });

    expect((await a.supabase.auth.signOut({ scope: "local" })).error).toBeNull();
    expect((await userWith(a.session.access_token)).json.code).toBe("session_not_found");
    expect((await userWith(b.session.access_token)).status).toBe(200);
    const { data: afterLocal } = await a.supabase.auth.getSession();
    expect(afterLocal.session).toBeNull();

    expect((await b.supabase.auth.signOut({ scope: "others" })).error).toBeNull();
    expect((await userWith(b.session.access_token)).status).toBe(200);
    expect((await userWith(c.session.access_token)).json.code).toBe("session_not_found");
    const cUser = await c.supabase.auth.getUser();
    expect(cUser.error?.name).toBe("AuthSessionMissingError");

    const e = client();
    await e.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await e.auth.signOut()).error).toBeNull();
    expect((await userWith(b.session.access_token)).json.code).toBe("session_not_found");
    const dRefresh = await client().auth.refreshSession({ refresh_token: d.session.refresh_token });
    expect(dRefresh.error?.code).toBe("refresh_token_not_found");

    const logoutWithoutToken = await rawRequest("POST", "/logout");
    expect(logoutWithoutToken.status).toBe(401);
    expect(logoutWithoutToken.json.code).toBe("no_authorization");
  });

  it("reads and updates the user: data, password, email", async () => {
    const { email, supabase } = await signedIn("update");
    const other = client();
    await other.auth.signInWithPassword({ email, password: PASSWORD });

    const got = await supabase.auth.getUser();
    expect(got.data.user!.email).toBe(email);
    expect(got.data.user!.app_metadata).toEqual({ provider: "email", providers: ["email"] });
    expect(got.data.user!.role).toBe("authenticated");
    expect(got.data.user!.aud).toBe("authenticated");

    const data = await supabase.auth.updateUser({ data: { last_name: "Schmidt", first_name: "Lena" } });
    expect(data.error).toBeNull();
    expect(data.data.user!.user_metadata).toMatchObject({ first_name: "Lena", last_name: "Schmidt" });
    const removed = await supabase.auth.updateUser({ data: { last_name: null } });
    expect(removed.data.user!.user_metadata).toEqual({ first_name: "Lena", email_verified: true });

    // A recovery link sent before a password change stops working with it.
    await client().auth.resetPasswordForEmail(email, { redirectTo: `${h.main.url}/reset-password` });
    const staleRecovery = await latestLink(email);

    // Outside a recovery session a new password needs the current one (or a reauthentication code).
    const bare = await supabase.auth.updateUser({ password: "new-secret-456" });
    expect(bare.error?.code).toBe("reauthentication_needed");
    expect(bare.error?.status).toBe(400);
    const wrong = await supabase.auth.updateUser({ password: "new-secret-456", current_password: "not-it" });
    expect(wrong.error?.code).toBe("current_password_mismatch");
    const same = await supabase.auth.updateUser({ password: PASSWORD, current_password: PASSWORD });
    expect(same.error?.code).toBe("same_password");
    expect(same.error?.status).toBe(422);
    const weak = await supabase.auth.updateUser({ password: "abc", current_password: PASSWORD });
    expect(weak.error?.code).toBe("weak_password");

    const changed = await supabase.auth.updateUser({ password: "new-secret-456", current_password: PASSWORD });
    expect(changed.error).toBeNull();
    expect((await follow(staleRecovery)).hash).toContain("error_code=otp_expired");
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe("invalid_credentials");
    expect((await client().auth.signInWithPassword({ email, password: "new-secret-456" })).error).toBeNull();
    // Other devices are signed out by a password change; this one stays.
    expect((await other.auth.getUser()).error).not.toBeNull();
    expect((await supabase.auth.getUser()).error).toBeNull();

    const newEmail = uniqueEmail("moved");
    const { email: takenEmail } = await signedIn("occupied");
    const conflict = await supabase.auth.updateUser({ email: takenEmail });
    expect(conflict.error?.code).toBe("email_exists");
    expect(conflict.error?.status).toBe(422);

    // supabase-js drops its PKCE verifier as soon as updateUser saves the session, so an email
    // change is confirmed through the implicit flow.
    const implicit = client("implicit");
    const { session: current } = (await supabase.auth.getSession()).data;
    await implicit.auth.setSession({ access_token: current!.access_token, refresh_token: current!.refresh_token });
    const requested = await implicit.auth.updateUser({ email: newEmail }, { emailRedirectTo: `${h.main.url}/settings` });
    expect(requested.error).toBeNull();
    expect(requested.data.user!.email).toBe(email);
    expect(requested.data.user!.new_email).toBe(newEmail);
    expect(requested.data.user!.email_change_sent_at).toBeTruthy();
    const mail = await latestMail(newEmail);
    expect(mail.kind).toBe("email_change_new");
    expect(mail.subject).toBe("Confirm your new LingoReel email address");
    const toCurrent = await latestMail(email);
    expect(toCurrent.kind).toBe("email_change_current");
    expect(toCurrent.text).toContain(newEmail);
    // The new address alone does not move the account: the current one must confirm too.
    const halfway = await follow(await latestLink(newEmail));
    expect(halfway.pathname).toBe("/settings");
    expect(new URLSearchParams(halfway.hash.slice(1)).get("message")).toBe(
      "Confirmation link accepted. Please proceed to confirm link sent to the other email",
    );
    expect(halfway.hash).not.toContain("access_token");
    expect((await supabase.auth.getUser()).data.user!.email).toBe(email);
    const location = await follow(await latestLink(email));
    expect(location.pathname).toBe("/settings");
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("type")).toBe("email_change");
    const { data: confirmed } = await client("implicit").auth.getUser(fragment.get("access_token")!);
    expect(confirmed.user!.email).toBe(newEmail);
    expect(confirmed.user!.new_email).toBeUndefined();
    expect((await client().auth.signInWithPassword({ email: newEmail, password: "new-secret-456" })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: "new-secret-456" })).error?.code).toBe("invalid_credentials");

    const anonymous = await rawRequest("GET", "/user");
    expect(anonymous.status).toBe(401);
    const garbage = await rawRequest("GET", "/user", undefined, { Authorization: "Bearer not.a.jwt" });
    expect(garbage.status).toBe(403);
    expect(garbage.json.code).toBe("bad_jwt");
  });

  it("asks for aal2 before a user with a second factor changes email or password", async () => {
    const { supabase, email } = await signedIn("aal-update");
    const { data: factor } = await supabase.auth.mfa.enroll({ factorType: "totp" });
    const totp = new TOTP({ secret: Secret.fromBase32(factor!.totp.secret) });
    const challenge = (await supabase.auth.mfa.challenge({ factorId: factor!.id })).data!;
    expect((await supabase.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge.id, code: totp.generate() })).error).toBeNull();

    // A password alone (a stolen password, or a session taken over at aal1) is not enough.
    const aal1 = client();
    await aal1.auth.signInWithPassword({ email, password: PASSWORD });
    const password = await aal1.auth.updateUser({ password: "taken-over-1" });
    expect(password.error?.code).toBe("insufficient_aal");
    expect(password.error?.status).toBe(401);
    expect(password.error?.message).toBe("AAL2 session is required to update email or password when MFA is enabled.");
    const moved = await aal1.auth.updateUser({ email: uniqueEmail("attacker") });
    expect(moved.error?.code).toBe("insufficient_aal");
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    // Everything else stays allowed at aal1, the unchanged address included.
    expect((await aal1.auth.updateUser({ data: { nickname: "L" } })).error).toBeNull();
    expect((await aal1.auth.updateUser({ email: email.toUpperCase() })).error).toBeNull();

    // At aal2 the password changes, and every other session ends, tokens and all.
    const { data: others } = await aal1.auth.getSession();
    const changed = await supabase.auth.updateUser({ password: "changed-with-aal2", current_password: PASSWORD });
    expect(changed.error).toBeNull();
    expect((await aal1.auth.getUser()).error).not.toBeNull();
    expect((await client().auth.refreshSession({ refresh_token: others.session!.refresh_token })).error?.code).toBe("refresh_token_not_found");
    expect((await supabase.auth.getUser()).error).toBeNull();
  });

  it("asks the current address to confirm an email change too", async () => {
    const { supabase, email } = await signedIn("notice");
    const newEmail = uniqueEmail("notice-new");
    const { error } = await supabase.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    const toCurrent = await latestMail(email);
    expect(toCurrent.kind).toBe("email_change_current");
    expect(toCurrent.subject).toBe("Confirm the change of your LingoReel email address");
    expect(toCurrent.text).toContain(`to ${newEmail}`);
    expect(toCurrent.text).toContain("Hi Lena,");
    expect(toCurrent.links).toEqual([expect.stringContaining("/auth/v1/verify?")]);
    expect((await latestMail(newEmail)).kind).toBe("email_change_new");

    // Either link alone leaves the account where it is, in either order.
    const first = await follow(await latestLink(email));
    expect(first.hash).toContain("message=Confirmation+link+accepted");
    expect((await supabase.auth.getUser()).data.user).toMatchObject({ email, new_email: newEmail });
    const second = await follow(await latestLink(newEmail));
    // This client asked with PKCE: the link that completes the change brings back a code.
    expect(second.searchParams.get("code")).toBeTruthy();
    expect((await supabase.auth.getUser()).data.user!.email).toBe(newEmail);

    // Over SMTP both links go out; when one cannot, the change does not go ahead.
    const smtp = await fakeSmtp();
    try {
      const from = "LingoReel <no-reply@lingoreel.test>";
      const delivering = await start({ smtp: { url: `smtp://127.0.0.1:${smtp.port}`, from } });
      const owner = uniqueEmail("notice-smtp");
      await delivering.server.createUser({ email: owner, password: PASSWORD });
      const viaSmtp = client("implicit", delivering.url);
      await viaSmtp.auth.signInWithPassword({ email: owner, password: PASSWORD });
      const target = uniqueEmail("notice-smtp-new");
      expect((await viaSmtp.auth.updateUser({ email: target })).error).toBeNull();
      expect(smtp.messages.map((m) => m.to.join())).toEqual([expect.stringContaining(owner), expect.stringContaining(target)]);
      expect(smtp.messages[0]!.data).toContain("Subject: Confirm the change of your LingoReel email address");

      const broken = await start({ smtp: { url: "smtp://127.0.0.1:1", from }, logError: () => {} });
      const stuck = uniqueEmail("notice-down");
      await broken.server.createUser({ email: stuck, password: PASSWORD });
      const viaBroken = client("implicit", broken.url);
      await viaBroken.auth.signInWithPassword({ email: stuck, password: PASSWORD });
      const failed = await viaBroken.auth.updateUser({ email: uniqueEmail("notice-down-new") });
      expect(failed.error?.status).toBe(500);
      const { data: after } = await viaBroken.auth.getUser();
      expect(after.user!.new_email).toBeUndefined();
      const [row] = await h.t.db.select().from(authUsers).where(eq(authUsers.email, stuck));
      expect(await h.t.db.select().from(authOneTimeTokens).where(eq(authOneTimeTokens.userId, row!.id))).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it("needs the emailed reauthentication code (or the current password) for a new password, but not in a recovery session", async () => {
    const { supabase, email } = await signedIn("reauth");
    expect((await supabase.auth.reauthenticate()).error).toBeNull();
    const mail = await latestMail(email);
    expect(mail.kind).toBe("reauthentication");
    expect(mail.links).toEqual([]);
    const code = /verification code is (\d{6})/.exec(mail.text)![1]!;

    const wrong = await supabase.auth.updateUser({ password: "next-secret-1", nonce: code === "000000" ? "111111" : "000000" });
    expect(wrong.error?.code).toBe("reauthentication_not_valid");
    expect((await supabase.auth.updateUser({ password: "next-secret-1", nonce: code })).error).toBeNull();
    // A code works once.
    const again = await supabase.auth.updateUser({ password: "next-secret-2", nonce: code });
    expect(again.error?.code).toBe("reauthentication_not_valid");

    // A few wrong codes spend a code, so six digits cannot be guessed through.
    clock.offsetMs = 61_000;
    try {
      expect((await supabase.auth.reauthenticate()).error).toBeNull();
      const fresh = /verification code is (\d{6})/.exec((await latestMail(email)).text)![1]!;
      const wrongCode = fresh === "000000" ? "111111" : "000000";
      for (let i = 0; i < 5; i++) await supabase.auth.updateUser({ password: "next-secret-2", nonce: wrongCode });
      expect((await supabase.auth.updateUser({ password: "next-secret-2", nonce: fresh })).error?.code).toBe("reauthentication_not_valid");

      // A session that came from a reset link sets a password with nothing more.
      await client("implicit").auth.resetPasswordForEmail(email, { redirectTo: `${h.main.url}/reset-password` });
      const landed = await follow(await latestLink(email));
      const recovery = client("implicit");
      const fragment = new URLSearchParams(landed.hash.slice(1));
      await recovery.auth.setSession({ access_token: fragment.get("access_token")!, refresh_token: fragment.get("refresh_token")! });
      expect((await recovery.auth.getClaims()).data?.claims.amr).toEqual([expect.objectContaining({ method: "recovery" })]);
      expect((await recovery.auth.updateUser({ password: "recovered-3" })).error).toBeNull();
      expect((await client().auth.signInWithPassword({ email, password: "recovered-3" })).error).toBeNull();
    } finally {
      clock.offsetMs = 0;
    }
  });

  it("offers accounts to server code directly", async () => {
    const server = h.main.server;
    const email = uniqueEmail("Seeded").toUpperCase();
    const created = await server.createUser({ email, password: PASSWORD, userMetadata: { first_name: "Owner" } });
    expect(created.email).toBe(email.toLowerCase());
    expect(created.email_confirmed_at).toBeTruthy();
    const again = await server.createUser({ email, password: "ignored-password" });
    expect(again.id).toBe(created.id);

    expect(await server.verifyPassword(created.id, PASSWORD)).toBe(true);
    expect(await server.verifyPassword(email, PASSWORD)).toBe(true);
    expect(await server.verifyPassword(email, "ignored-password")).toBe(false);
    expect(await server.verifyPassword(uniqueEmail("nobody"), PASSWORD)).toBe(false);

    const moved = uniqueEmail("moved-by-admin");
    const first = client();
    const second = client();
    const kept = (await first.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    await second.auth.signInWithPassword({ email, password: PASSWORD });
    const updated = await server.updateUserById(created.id, {
      email: moved,
      password: "changed-456",
      keepSessionId: decodeJwt(kept.access_token).session_id as string,
    });
    expect(updated.email).toBe(moved);
    expect(await server.verifyPassword(moved, "changed-456")).toBe(true);
    expect((await first.auth.getUser()).error).toBeNull();
    expect((await second.auth.getUser()).error?.name).toBe("AuthSessionMissingError");
    const { email: other } = await signedIn("existing");
    await expect(server.updateUserById(created.id, { email: other })).rejects.toMatchObject({ code: "email_exists" });
    await expect(server.updateUserById(created.id, { password: "123" })).rejects.toMatchObject({ code: "weak_password" });
    await expect(server.updateUserById(crypto.randomUUID(), { password: "whatever-1" })).rejects.toMatchObject({ code: "user_not_found" });

    const unconfirmed = await server.createUser({ email: uniqueEmail("pending"), password: PASSWORD, emailConfirmed: false });
    expect(unconfirmed.email_confirmed_at).toBeUndefined();

    const signIn = await client().auth.signInWithPassword({ email: moved, password: "changed-456" });
    expect(signIn.error).toBeNull();
    expect(await server.deleteUserById(created.id)).toBe(true);
    expect(await server.deleteUserById(created.id)).toBe(false);
    expect((await client().auth.signInWithPassword({ email: moved, password: "changed-456" })).error?.code).toBe("invalid_credentials");
    const afterDelete = await rawRequest("GET", "/user", undefined, { Authorization: `Bearer ${signIn.data.session!.access_token}` });
    expect(afterDelete.json.code).toBe("user_not_found");
  });

  it("signs the user out everywhere when server code sets a new password", async () => {
    const { email, supabase, session } = await signedIn("admin-reset");
    const other = client();
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    await h.main.server.updateUserById(session.user.id, { password: "set-by-admin-1" });
    expect((await supabase.auth.getUser()).error?.name).toBe("AuthSessionMissingError");
    expect((await other.auth.getUser()).error?.name).toBe("AuthSessionMissingError");
    expect((await client().auth.refreshSession({ refresh_token: session.refresh_token })).error?.code).toBe("refresh_token_not_found");
    // Metadata alone leaves sessions alone.
    const again = (await client().auth.signInWithPassword({ email, password: "set-by-admin-1" })).data.session!;
    await h.main.server.updateUserById(session.user.id, { userMetadata: { plan: "pro" } });
    expect((await client().auth.getUser(again.access_token)).error).toBeNull();
  });

  it("tells server code whether a session is still active", async () => {
    const { supabase, session } = await signedIn("active");
    const sessionId = decodeJwt(session.access_token).session_id as string;
    expect(await h.main.server.isSessionActive(sessionId)).toBe(true);
    expect(await h.main.server.isSessionActive(crypto.randomUUID())).toBe(false);
    expect(await h.main.server.isSessionActive("not-a-uuid")).toBe(false);
    await h.t.db.update(authSessions).set({ notAfter: new Date(Date.now() - 1000) }).where(eq(authSessions.id, sessionId));
    expect(await h.main.server.isSessionActive(sessionId)).toBe(false);
    await h.t.db.update(authSessions).set({ notAfter: new Date(Date.now() + 3_600_000) }).where(eq(authSessions.id, sessionId));
    expect(await h.main.server.isSessionActive(sessionId)).toBe(true);
    await supabase.auth.signOut();
    expect(await h.main.server.isSessionActive(sessionId)).toBe(false);
    // The same check on the process-wide server, for the app's API token checks.
    expect(isSessionActive).toBeTypeOf("function");
  });
});
