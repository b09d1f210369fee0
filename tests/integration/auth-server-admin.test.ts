/**
 * The embedded auth server behind a real HTTP server, driven by the unmodified supabase-js client,
 * on every test database.
 * GoTrue's admin API (`createClient(url, serviceRoleKey).auth.admin.*`): who may use it, users
 * listed, read, made, changed, banned and deleted, links generated and invitations sent.
 */
import { createClient } from "@supabase/supabase-js";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { insertUser } from "@/db/queries/users";
import { authServiceKeys, authUsers, users } from "@/db/schema";
import { rotateServiceKey } from "@/lib/auth-server/service-key";
import { setEnv } from "@/scripts/standins/env";
import { PASSWORD, uniqueEmail, authServerSuite } from "../helpers/auth-server";
import { testDbKinds } from "../helpers/db";

/** supabase-js wants a WebSocket for realtime, which these tests never open. */
class NoWebSocket {
  constructor() {
    throw new Error("realtime is not used in these tests");
  }
}

describe.each(testDbKinds)("embedded auth server on %s: admin API", (kind) => {
  const h = authServerSuite(kind);
  const { clock, client, callback, latestMail, latestLink, follow, signedIn, rawRequest } = h;
  let serviceKey = "";

  const supabaseWith = (key: string, url = h.main.url) =>
    createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: NoWebSocket as unknown as typeof WebSocket },
    });
  const admin = (key = serviceKey, url = h.main.url) => supabaseWith(key, url).auth.admin;
  const asService = (method: string, path: string, body?: unknown) =>
    rawRequest(method, path, body === undefined ? undefined : JSON.stringify(body), { Authorization: `Bearer ${serviceKey}` });
  const mailsTo = async (to: string) => (await h.main.server.listMailbox({ to })).length;

  beforeAll(async () => {
    serviceKey = await rotateServiceKey(h.t.db);
  });

  describe("who may use it", () => {
    const someId = "3f1b8a4e-2c6d-4e7f-9a1b-5c3d2e1f0a9b";
    const endpoints: [string, string][] = [
      ["GET", "/admin/users"],
      ["POST", "/admin/users"],
      ["GET", `/admin/users/${someId}`],
      ["PUT", `/admin/users/${someId}`],
      ["DELETE", `/admin/users/${someId}`],
      ["GET", `/admin/users/${someId}/factors`],
      ["POST", "/admin/generate_link"],
      ["POST", "/invite"],
    ];

    it("refuses every endpoint without a bearer token, and with the anon key, as GoTrue does", async () => {
      for (const [method, path] of endpoints) {
        const none = await rawRequest(method, path, method === "GET" ? undefined : "{}");
        expect(none.status, `${method} ${path}`).toBe(401);
        expect(none.json).toMatchObject({ code: "no_authorization", message: "This endpoint requires a valid Bearer token" });
        const anon = await rawRequest(method, path, method === "GET" ? undefined : "{}", { Authorization: "Bearer embedded-anon-key" });
        expect(anon.status, `${method} ${path}`).toBe(403);
        expect(anon.json).toMatchObject({ code: "not_admin", message: "User not allowed" });
      }
      const { data, error } = await client().auth.admin.listUsers();
      expect(data.users).toEqual([]);
      expect(error).toMatchObject({ status: 403, code: "not_admin", message: "User not allowed" });
    });

    it("refuses a learner's, an admin's and an owner's access token, and a wrong or tampered key", async () => {
      for (const role of ["user", "admin", "owner"] as const) {
        const { session, email } = await signedIn(`admin-api-${role}`);
        await insertUser(h.t.db, { id: session.user.id, email, role });
        const { error } = await admin(session.access_token).listUsers();
        expect(error, role).toMatchObject({ status: 403, code: "not_admin", message: "User not allowed" });
        const created = await admin(session.access_token).createUser({ email: uniqueEmail("by-user"), password: PASSWORD });
        expect(created.error?.code).toBe("not_admin");
      }
      const wrong = await admin(`sb_secret_${"A".repeat(43)}`).listUsers();
      expect(wrong.error).toMatchObject({ status: 403, code: "bad_jwt" });
      expect(wrong.error!.message).toBe("invalid JWT: unable to parse or verify signature, token is malformed: token contains an invalid number of segments");
      const { session } = await signedIn("admin-api-tampered");
      const tampered = await admin(`${session.access_token.slice(0, -4)}AAAA`).listUsers();
      expect(tampered.error).toMatchObject({ status: 403, code: "bad_jwt" });
    });

    it("lets the service-role key and the app's own in-process calls in", async () => {
      const { data, error } = await admin().listUsers();
      expect(error).toBeNull();
      expect(data).toMatchObject({ aud: "authenticated" });
      const inProcess = await h.main.server.handleAsServiceRole(new Request(`${h.main.url}/auth/v1/admin/users?per_page=1`));
      expect(inProcess.status).toBe(200);
    });

    it("takes a new key at once and drops the old one (at once here, within seconds elsewhere)", async () => {
      const old = serviceKey;
      serviceKey = await rotateServiceKey(h.t.db);
      expect(serviceKey).toMatch(/^sb_secret_[A-Za-z0-9_-]{43}$/);
      expect((await admin(old).listUsers()).error?.code).toBe("bad_jwt");
      expect((await admin().listUsers()).error).toBeNull();

      // Another process (the script) replaces the stored hash: the new key works at once, and the
      // old one once the few seconds this process trusts its cached hash have passed.
      const { createHash } = await import("node:crypto");
      const replacement = `sb_secret_${"b".repeat(43)}`;
      await h.t.db.delete(authServiceKeys);
      await h.t.db.insert(authServiceKeys).values({ keyHash: createHash("sha256").update(replacement).digest("hex") });
      expect((await admin(replacement).listUsers()).error).toBeNull();
      const before = Date.now();
      await h.t.db.delete(authServiceKeys);
      await h.t.db.insert(authServiceKeys).values({ keyHash: createHash("sha256").update(serviceKey).digest("hex") });
      const later = vi.spyOn(Date, "now").mockImplementation(() => before + 6_000);
      try {
        expect((await admin(replacement).listUsers()).error?.code).toBe("bad_jwt");
      } finally {
        later.mockRestore();
      }
      expect((await admin().listUsers()).error).toBeNull();
    });

    it("takes SUPABASE_SERVICE_ROLE_KEY as the key when it is set, and then only that", async () => {
      const envKey = `env-key-${"x".repeat(40)}`;
      setEnv({ SUPABASE_SERVICE_ROLE_KEY: envKey });
      try {
        expect((await admin(envKey).listUsers()).error).toBeNull();
        expect((await admin().listUsers()).error?.code).toBe("bad_jwt");
      } finally {
        setEnv({ SUPABASE_SERVICE_ROLE_KEY: undefined });
      }
      expect((await admin().listUsers()).error).toBeNull();
    });
  });

  describe("users", () => {
    it("creates a confirmed account with email_confirm, and an unconfirmed one without, sending no email", async () => {
      const email = uniqueEmail("admin-create");
      const { data, error } = await admin().createUser({
        email,
        password: PASSWORD,
        email_confirm: true,
        user_metadata: { first_name: "Ana" },
        app_metadata: { plan: "team" },
      });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({
        email,
        aud: "authenticated",
        role: "authenticated",
        email_confirmed_at: expect.any(String),
        user_metadata: { first_name: "Ana", email_verified: true },
        app_metadata: { provider: "email", providers: ["email"], plan: "team" },
        is_anonymous: false,
      });
      expect(data.user!.identities).toHaveLength(1);
      const signIn = await client().auth.signInWithPassword({ email, password: PASSWORD });
      expect(signIn.error).toBeNull();
      expect(await mailsTo(email)).toBe(0);

      const pending = uniqueEmail("admin-create-pending");
      const unconfirmed = await admin().createUser({ email: pending, password: PASSWORD });
      expect(unconfirmed.error).toBeNull();
      expect(unconfirmed.data.user!.email_confirmed_at).toBeUndefined();
      expect((await client().auth.signInWithPassword({ email: pending, password: PASSWORD })).error?.code).toBe("email_not_confirmed");
      expect(await mailsTo(pending)).toBe(0);

      // Without a password, a random one nobody knows (as GoTrue); with a ban, banned.
      const nopass = uniqueEmail("admin-create-nopass");
      const made = await admin().createUser({ email: nopass, email_confirm: true, ban_duration: "1h" });
      expect(made.error).toBeNull();
      expect(new Date(made.data.user!.banned_until!).getTime()).toBeGreaterThan(Date.now() + 3_500_000);
      const [row] = await h.t.db.select().from(authUsers).where(eq(authUsers.email, nopass));
      expect(row!.encryptedPassword).toMatch(/^\$2[aby]\$/);
    });

    it("refuses what GoTrue refuses: a taken address, a weak password, a phone, no address", async () => {
      const { email } = await signedIn("admin-taken");
      const taken = await admin().createUser({ email: email.toUpperCase(), password: PASSWORD });
      expect(taken.error).toMatchObject({ status: 422, code: "email_exists", message: "A user with this email address has already been registered" });
      const weak = await admin().createUser({ email: uniqueEmail("admin-weak"), password: "12345" });
      expect(weak.error).toMatchObject({ status: 422, code: "weak_password" });
      const phone = await admin().createUser({ phone: "+14155550100", password: PASSWORD });
      expect(phone.error).toMatchObject({ status: 400, code: "phone_provider_disabled" });
      const nobody = await admin().createUser({ password: PASSWORD });
      expect(nobody.error).toMatchObject({ status: 400, code: "validation_failed", message: "Cannot create a user without either an email or phone" });
      const bad = await admin().createUser({ email: "not-an-address", password: PASSWORD });
      expect(bad.error).toMatchObject({ status: 400, code: "validation_failed" });
    });

    it("reads one user by id, and answers an unknown or malformed id as GoTrue does", async () => {
      const { session, email } = await signedIn("admin-get");
      const { data, error } = await admin().getUserById(session.user.id);
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ id: session.user.id, email, user_metadata: { first_name: "Lena" } });
      const unknown = await admin().getUserById("0b6f1c1e-9b36-4d0a-8d3e-1f2a3b4c5d6e");
      expect(unknown.error).toMatchObject({ status: 404, code: "user_not_found", message: "User not found" });
      const malformed = await asService("GET", "/admin/users/not-a-uuid");
      expect(malformed.status).toBe(404);
      expect(malformed.json).toMatchObject({ code: "validation_failed", message: "user_id must be an UUID" });
    });

    it("lists users newest first, a page at a time, with GoTrue's X-Total-Count and Link headers", async () => {
      const made: string[] = [];
      try {
        for (let i = 0; i < 3; i++) {
          clock.offsetMs = 60_000 * (i + 1);
          const { data } = await admin().createUser({ email: uniqueEmail(`admin-list-${i}`), password: PASSWORD });
          made.push(data.user!.id);
        }
      } finally {
        clock.offsetMs = 0;
      }
      const [{ total }] = (await h.t.db.select({ total: sql<number>`count(*)::int` }).from(authUsers)) as [{ total: number }];
      const perPage = Math.max(2, Math.ceil(total / 5));
      const lastPage = Math.ceil(total / perPage);

      const first = await admin().listUsers({ page: 1, perPage });
      expect(first.error).toBeNull();
      expect(first.data).toMatchObject({ aud: "authenticated", total, nextPage: 2, lastPage });
      expect(first.data.users).toHaveLength(perPage);
      expect(first.data.users.slice(0, 3).map((u) => u.id)).toEqual([...made].reverse());
      const second = await admin().listUsers({ page: 2, perPage });
      expect(second.data.users[0]!.id).not.toBe(first.data.users[0]!.id);
      const last = await admin().listUsers({ page: lastPage, perPage });
      expect(last.data).toMatchObject({ nextPage: null, lastPage });

      const raw = await asService("GET", `/admin/users?per_page=${perPage}&page=1`);
      expect(raw.headers.get("x-total-count")).toBe(String(total));
      expect(raw.headers.get("link")).toBe(
        `</auth/v1/admin/users?page=2&per_page=${perPage}>; rel="next", </auth/v1/admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`,
      );
      const oldest = await asService("GET", "/admin/users?sort=created_at%20asc&per_page=1");
      expect((oldest.json.users as { id: string }[])[0]!.id).not.toBe(made[2]);
      const badPage = await asService("GET", "/admin/users?page=two");
      expect(badPage.status).toBe(400);
      expect(badPage.json.message).toBe('Bad Pagination Parameters: strconv.ParseUint: parsing "two": invalid syntax');
      const badSort = await asService("GET", "/admin/users?sort=email");
      expect(badSort.json.message).toBe("Bad Sort Parameters: bad field for sort 'email'");
    });

    it("changes address, password, metadata and role; a new password ends the user's sessions", async () => {
      const { session, supabase } = await signedIn("admin-update");
      const id = session.user.id;
      await admin().updateUserById(id, { app_metadata: { plan: "solo", trial: true } });
      const newEmail = uniqueEmail("admin-updated");
      const { data, error } = await admin().updateUserById(id, {
        email: newEmail,
        email_confirm: true,
        password: "another-secret-456",
        user_metadata: { first_name: null, nickname: "Lee" },
        app_metadata: { trial: null },
        role: "authenticated",
      });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ id, email: newEmail, role: "authenticated", email_confirmed_at: expect.any(String) });
      expect(data.user!.user_metadata).toEqual({ nickname: "Lee", email_verified: true });
      expect(data.user!.app_metadata).toEqual({ provider: "email", providers: ["email"], plan: "solo" });
      expect((await supabase.auth.refreshSession()).error?.code).toBe("refresh_token_not_found");
      expect((await client().auth.signInWithPassword({ email: newEmail, password: "another-secret-456" })).error).toBeNull();
      expect(await mailsTo(newEmail)).toBe(0);

      const { email: other } = await signedIn("admin-update-taken");
      expect((await admin().updateUserById(id, { email: other })).error).toMatchObject({ status: 422, code: "email_exists" });
      expect((await admin().updateUserById(id, { password: "short" })).error).toMatchObject({ status: 422, code: "weak_password" });
    });

    it("bans a user, whose sessions end and who cannot sign in, until ban_duration is none", async () => {
      const { session, supabase, email } = await signedIn("admin-ban");
      const { data, error } = await admin().updateUserById(session.user.id, { ban_duration: "876000h" });
      expect(error).toBeNull();
      expect(new Date(data.user!.banned_until!).getUTCFullYear()).toBeGreaterThan(new Date().getUTCFullYear() + 90);
      expect((await supabase.auth.refreshSession()).error).not.toBeNull();
      const refused = await client().auth.signInWithPassword({ email, password: PASSWORD });
      expect(refused.error).toMatchObject({ status: 400, code: "user_banned" });

      const lifted = await admin().updateUserById(session.user.id, { ban_duration: "none" });
      expect(lifted.data.user!.banned_until).toBeUndefined();
      expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

      const bad = await admin().updateUserById(session.user.id, { ban_duration: "2d" });
      expect(bad.error).toMatchObject({ status: 400, code: "validation_failed", message: 'invalid format for ban duration: time: unknown unit "d" in duration "2d"' });
    });

    it("deletes the account with the product's rows of the user; refuses a soft delete", async () => {
      const { session, supabase, email } = await signedIn("admin-delete");
      const id = session.user.id;
      await insertUser(h.t.db, { id, email, role: "user" });

      const soft = await admin().deleteUser(id, true);
      expect(soft.error).toMatchObject({ status: 400, code: "feature_disabled" });
      expect(await h.t.db.select().from(users).where(eq(users.id, id))).toHaveLength(1);

      const { data, error } = await admin().deleteUser(id);
      expect(error).toBeNull();
      expect(data.user).toEqual({});
      expect(await h.t.db.select().from(users).where(eq(users.id, id))).toEqual([]);
      expect((await admin().getUserById(id)).error?.code).toBe("user_not_found");
      expect((await supabase.auth.refreshSession()).error).not.toBeNull();
      expect((await admin().deleteUser(id)).error).toMatchObject({ status: 404, code: "user_not_found" });

      // The product keeps an owner: the last one cannot be deleted, one of two can.
      const { session: only } = await signedIn("admin-delete-owner");
      await h.t.db.update(users).set({ role: "user" }).where(eq(users.role, "owner"));
      await insertUser(h.t.db, { id: only.user.id, email: only.user.email!, role: "owner" });
      const refused = await admin().deleteUser(only.user.id);
      expect(refused.error).toMatchObject({ status: 409, code: "conflict" });
      expect(refused.error?.message).toContain("last owner");
      expect((await admin().getUserById(only.user.id)).data.user?.id).toBe(only.user.id);
      const { session: second } = await signedIn("admin-delete-owner-2");
      await insertUser(h.t.db, { id: second.user.id, email: second.user.email!, role: "owner" });
      expect((await admin().deleteUser(only.user.id)).error).toBeNull();
      expect(await h.t.db.select().from(users).where(eq(users.id, only.user.id))).toEqual([]);

      // No body at all is a hard delete too.
      const { session: bare } = await signedIn("admin-delete-bare");
      expect((await asService("DELETE", `/admin/users/${bare.user.id}`)).status).toBe(200);
    });
  });

  it("never answers bad input with a 500", async () => {
    const { session } = await signedIn("admin-fuzz");
    const id = session.user.id;
    const bodies = [{ email: 5 }, { user_metadata: "x" }, { app_metadata: [1] }, { ban_duration: 5 }, { password: null, email: null }, { id: "nope", email: uniqueEmail("fuzz") }];
    for (const body of bodies) {
      for (const [method, path] of [["POST", "/admin/users"], ["PUT", `/admin/users/${id}`], ["POST", "/admin/generate_link"], ["POST", "/invite"]] as const) {
        const answer = await asService(method, path, body);
        expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
    for (const query of ["page=0", "per_page=0", "page=18446744073709551615", "page=18446744073709551616", "per_page=-1", "filter=%25_%27", "sort=created_at%20sideways"]) {
      const answer = await asService("GET", `/admin/users?${query}`);
      expect(answer.status, query).toBeLessThan(500);
    }
    const paged = await asService("GET", "/admin/users?page=0&per_page=0");
    expect((paged.json.users as unknown[]).length).toBeLessThanOrEqual(20);
    expect((await asService("DELETE", `/admin/users/${id}`, "not an object")).status).toBe(400);
  });

  describe("links", () => {
    it("generates a sign-up link whose token and code verifyOtp takes, sending nothing", async () => {
      const email = uniqueEmail("gen-signup");
      const { data, error } = await admin().generateLink({
        type: "signup",
        email,
        password: PASSWORD,
        options: { data: { first_name: "Iris" }, redirectTo: callback() },
      });
      expect(error).toBeNull();
      const { properties, user } = data;
      expect(user).toMatchObject({ email, user_metadata: { first_name: "Iris" }, confirmation_sent_at: expect.any(String) });
      expect(user!.email_confirmed_at).toBeUndefined();
      expect(properties).toMatchObject({ verification_type: "signup", redirect_to: callback(), email_otp: expect.stringMatching(/^\d{6}$/) });
      const link = new URL(properties!.action_link);
      expect(`${link.origin}${link.pathname}`).toBe(`${h.main.url}/auth/v1/verify`);
      expect(Object.fromEntries(link.searchParams)).toEqual({ token: properties!.hashed_token, type: "signup", redirect_to: callback() });
      expect(await mailsTo(email)).toBe(0);

      const verified = await client("implicit").auth.verifyOtp({ token_hash: properties!.hashed_token, type: "signup" });
      expect(verified.error).toBeNull();
      expect(verified.data.user!.email_confirmed_at).toBeTruthy();
      expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

      expect((await admin().generateLink({ type: "signup", email, password: PASSWORD })).error).toMatchObject({ status: 422, code: "email_exists" });
      const nopass = await admin().generateLink({ type: "signup", email: uniqueEmail("gen-nopass"), password: "" });
      expect(nopass.error).toMatchObject({ status: 400, code: "validation_failed", message: "Signup requires a valid password" });
    });

    it("generates magic-link and recovery links; the six-digit code works with the address", async () => {
      const { email } = await signedIn("gen-magic");
      const magic = await admin().generateLink({ type: "magiclink", email });
      expect(magic.error).toBeNull();
      expect(magic.data.properties!.verification_type).toBe("magiclink");
      expect(magic.data.user!.recovery_sent_at).toBeTruthy();
      const byCode = await client("implicit").auth.verifyOtp({ email, token: magic.data.properties!.email_otp, type: "magiclink" });
      expect(byCode.error).toBeNull();
      expect(byCode.data.session!.access_token).toBeTruthy();

      const recovery = await admin().generateLink({ type: "recovery", email });
      expect(recovery.data.properties!.verification_type).toBe("recovery");
      const reset = await client("implicit").auth.verifyOtp({ token_hash: recovery.data.properties!.hashed_token, type: "recovery" });
      expect(reset.error).toBeNull();
      const again = await admin().generateLink({ type: "recovery", email });
      const byAddress = await client("implicit").auth.verifyOtp({ email, token: again.data.properties!.email_otp, type: "recovery" });
      expect(byAddress.error).toBeNull();
      expect(await mailsTo(email)).toBe(0);

      const unknown = await admin().generateLink({ type: "recovery", email: uniqueEmail("gen-nobody") });
      expect(unknown.error).toMatchObject({ status: 404, code: "user_not_found", message: "User with this email not found" });
      // A magic link for an unknown address makes a new account's sign-up link, as GoTrue's does.
      const stranger = uniqueEmail("gen-magic-new");
      const signup = await admin().generateLink({ type: "magiclink", email: stranger });
      expect(signup.data.properties!.verification_type).toBe("signup");
      expect(signup.data.user!.email).toBe(stranger);
      const bad = await asService("POST", "/admin/generate_link", { type: "sms", email: stranger });
      expect(bad.json).toMatchObject({ code: "validation_failed", message: "Invalid email action link type requested: sms" });
    });

    it("generates invitation and email-change links", async () => {
      const invited = uniqueEmail("gen-invite");
      const { data, error } = await admin().generateLink({ type: "invite", email: invited, options: { data: { first_name: "Noa" } } });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ email: invited, invited_at: expect.any(String), user_metadata: { first_name: "Noa" } });
      // The six-digit code with the address does what the link's token does.
      const accepted = await client("implicit").auth.verifyOtp({ email: invited, token: data.properties!.email_otp, type: "invite" });
      expect(accepted.error).toBeNull();
      expect(accepted.data.user!.email_confirmed_at).toBeTruthy();
      expect((await admin().generateLink({ type: "invite", email: invited })).error).toMatchObject({ status: 422, code: "email_exists" });

      const { email, session } = await signedIn("gen-change");
      const target = uniqueEmail("gen-changed");
      const change = await admin().generateLink({ type: "email_change_new", email, newEmail: target });
      expect(change.error).toBeNull();
      expect(change.data.user!.new_email).toBe(target);
      expect(change.data.properties!.verification_type).toBe("email_change_new");
      const moved = await client("implicit").auth.verifyOtp({ token_hash: change.data.properties!.hashed_token, type: "email_change" });
      expect(moved.error).toBeNull();
      expect((await admin().getUserById(session.user.id)).data.user!.email).toBe(target);
    });

    it("invites by email: an account without a password, an emailed link that signs the invitee in", async () => {
      const email = uniqueEmail("invite");
      const { data, error } = await admin().inviteUserByEmail(email, { data: { first_name: "Omar" }, redirectTo: callback() });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ email, invited_at: expect.any(String), confirmation_sent_at: expect.any(String), user_metadata: { first_name: "Omar" } });
      expect(data.user!.email_confirmed_at).toBeUndefined();
      const [row] = await h.t.db.select().from(authUsers).where(eq(authUsers.email, email));
      expect(row!.encryptedPassword).toBe("");
      expect((await latestMail(email)).kind).toBe("invite");

      const link = await latestLink(email);
      expect(new URL(link).searchParams.get("redirect_to")).toBe(callback());
      const landed = await follow(link);
      const fragment = new URLSearchParams(landed.hash.slice(1));
      expect(fragment.get("type")).toBe("invite");
      const accessToken = fragment.get("access_token")!;
      // The invitee chooses a password without knowing one.
      const chosen = await rawRequest("PUT", "/user", JSON.stringify({ password: "chosen-secret-1" }), { Authorization: `Bearer ${accessToken}` });
      expect(chosen.status).toBe(200);
      expect((await client().auth.signInWithPassword({ email, password: "chosen-secret-1" })).error).toBeNull();

      const again = await admin().inviteUserByEmail(email);
      expect(again.error).toMatchObject({ status: 422, code: "email_exists", message: "A user with this email address has already been registered" });
    });

    it("invites an address someone signed up with but never confirmed, dropping that password", async () => {
      const email = uniqueEmail("invite-planted");
      expect((await client().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
      const { error } = await admin().inviteUserByEmail(email);
      expect(error).toBeNull();
      expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe("invalid_credentials");
      expect((await latestMail(email)).kind).toBe("invite");
      // The one-a-minute rule per user holds for invitations too.
      expect((await admin().inviteUserByEmail(email)).error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
    });

    it("spends the server-wide email cap, never the per-IP one", async () => {
      const capped = await h.start({ rateLimits: { emailSentPerHour: 3, emailSentPerIpPerHour: 1 } });
      for (let i = 0; i < 3; i++) {
        const { error } = await admin(serviceKey, capped.url).inviteUserByEmail(uniqueEmail(`invite-cap-${i}`));
        expect(error, `invitation ${i + 1}`).toBeNull();
      }
      const over = await admin(serviceKey, capped.url).inviteUserByEmail(uniqueEmail("invite-cap-over"));
      expect(over.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
    });
  });
});
