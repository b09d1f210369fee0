/**
 * AUTH_AUTOCONFIRM on the embedded auth server, driven by the unmodified supabase-js client: a
 * sign-up is confirmed at once and answered with a session (as GoTrue's MAILER_AUTOCONFIRM does),
 * so the signup screen signs the new user in; no email is sent. A registered address gets
 * GoTrue's 422, and nobody can plant a password on an account waiting for its confirmation.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { authMail } from "@/db/schema";
import { PASSWORD, authServerSuite, uniqueEmail } from "../helpers/auth-server";
import { installAppDb, uninstallAppDb } from "../helpers/app";
import { testDbKinds } from "../helpers/db";
import { setEnv } from "@/scripts/standins/env";

describe.each(testDbKinds)("sign-up with autoconfirm on %s", (kind) => {
  const h = authServerSuite(kind);

  it("answers a sign-up with a session for a confirmed user, and sends no email", async () => {
    const { url } = await h.start({ autoconfirm: true });
    const email = uniqueEmail("auto");
    const supabase = h.client("pkce", url);
    const { data, error } = await supabase.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { first_name: "Ada" }, emailRedirectTo: `${url}/auth/callback` },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
    expect(data.user!.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user!.user_metadata).toMatchObject({ first_name: "Ada", email_verified: true });
    // supabase-js keeps the session: the user is signed in.
    const { data: me, error: meError } = await supabase.auth.getUser();
    expect(meError).toBeNull();
    expect(me.user!.email).toBe(email);
    expect(await h.t.db.select().from(authMail).where(eq(authMail.to, email))).toHaveLength(0);

    const settings = await fetch(`${url}/auth/v1/settings`).then((r) => r.json());
    expect(settings).toMatchObject({ mailer_autoconfirm: true });

    const again = await h.client("pkce", url).auth.signUp({ email, password: PASSWORD });
    expect(again.error).toMatchObject({ status: 422, code: "user_already_exists", message: "User already registered" });
    expect(again.data.session).toBeNull();
  });

  it("signs in a sign-up still waiting for its link only with the password it was first given", async () => {
    const email = uniqueEmail("waiting");
    // Signed up before autoconfirm was on: unconfirmed.
    const before = await h.client().auth.signUp({ email, password: PASSWORD });
    expect(before.data.session).toBeNull();
    const { url } = await h.start({ autoconfirm: true });

    const stranger = await h.client("pkce", url).auth.signUp({ email, password: "someone-elses" });
    expect(stranger.error).toMatchObject({ status: 422, code: "user_already_exists" });
    expect((await h.client("pkce", url).auth.signInWithPassword({ email, password: "someone-elses" })).error).not.toBeNull();

    const owner = await h.client("pkce", url).auth.signUp({ email, password: PASSWORD });
    expect(owner.error).toBeNull();
    expect(owner.data.session?.access_token).toEqual(expect.any(String));
    // The link emailed before is void now.
    const link = await h.latestLink(email);
    expect((await h.follow(link)).hash).toContain("error_code=otp_expired");
  });

  it("is off by default: a sign-up waits for its emailed link", async () => {
    const { data, error } = await h.client().auth.signUp({ email: uniqueEmail("default"), password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
  });
});

describe.each(testDbKinds)("AUTH_AUTOCONFIRM=1 on the app's auth server on %s", (kind) => {
  const h = authServerSuite(kind);
  afterAll(() => {
    setEnv({ AUTH_AUTOCONFIRM: undefined });
    uninstallAppDb();
  });

  it("makes the app's own /auth/v1/signup answer with a session", async () => {
    installAppDb(h.t);
    setEnv({ AUTH_AUTOCONFIRM: "1" });
    const { handleAuthRequest, resetDefaultAuthServer } = await import("@/lib/auth-server");
    resetDefaultAuthServer();
    const response = await handleAuthRequest(
      new Request("http://localhost:3000/auth/v1/signup", {
        method: "POST",
        headers: { "content-type": "application/json", apikey: "embedded-anon-key" },
        body: JSON.stringify({ email: uniqueEmail("app"), password: PASSWORD }),
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), user: { email_confirmed_at: expect.any(String) } });
  });
});
