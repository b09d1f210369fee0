/**
 * Security Settings routes (POST /api/auth/change-password, /api/auth/change-email) and the API's
 * session checks, for every role, against the embedded auth server on each test database.
 */
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as changeEmail } from "@/app/api/auth/change-email/route";
import { POST as changePassword } from "@/app/api/auth/change-password/route";
import { GET as getUser } from "@/app/api/auth/user/route";
import { users } from "@/db/schema";
import { apiRequest, signedInUser } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";

type Account = { id: string; token: string; email: string; password: string };

async function account(email: string, password = "secret-123"): Promise<Account> {
  return { ...(await signedInUser(email, password)), email, password };
}

async function authCall(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const { handleAuthRequest } = await import("@/lib/auth-server");
  const headers: Record<string, string> = { apikey: "test", "content-type": "application/json" };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  return handleAuthRequest(
    new Request(`http://localhost:3000/auth/v1${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
}

const signIn = (email: string, password: string) => authCall("/token?grant_type=password", { method: "POST", body: { email, password } });

describe.each(testDbKinds)("account routes on %s", (kind) => {
  const testDb = useTestDb(kind, { app: true });
  let owner: Account;
  let admin: Account;
  let learner: Account;
  let otherLearner: Account;

  beforeAll(async () => {
    owner = await account("owner@example.com");
    admin = await account("admin@example.com");
    learner = await account("learner@example.com");
    otherLearner = await account("other@example.com");
    // App users appear on first sight; the first is the owner.
    for (const a of [owner, admin, learner, otherLearner]) await getUser(apiRequest("/api/auth/user", { token: a.token }));
    await testDb().db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
  });
  const post = (route: typeof changePassword, path: string, token: string | undefined, body: unknown) =>
    route(apiRequest(path, { method: "POST", token, body }));

  it("change-password: anonymous 401, learners 403, and nothing changes", async () => {
    const body = { currentPassword: "secret-123", newPassword: "taken-over", confirmPassword: "taken-over" };
    expect((await post(changePassword, "/api/auth/change-password", undefined, body)).status).toBe(401);
    for (const someone of [learner, otherLearner]) {
      const response = await post(changePassword, "/api/auth/change-password", someone.token, body);
      expect(response.status).toBe(403);
      expect((await signIn(someone.email, "taken-over")).status).toBe(400);
      expect((await signIn(someone.email, someone.password)).status).toBe(200);
    }
  });

  it("change-password: the current password must be right", async () => {
    const response = await post(changePassword, "/api/auth/change-password", admin.token, {
      currentPassword: "not-it",
      newPassword: "taken-over",
      confirmPassword: "taken-over",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "bad_request", message: "Current password is incorrect" });
    expect((await signIn(admin.email, admin.password)).status).toBe(200);
  });

  it("change-password: the form's rules, in SPEC's words", async () => {
    const cases: [unknown, string][] = [
      [{ currentPassword: "", newPassword: "abcdef", confirmPassword: "abcdef" }, "Current password is required"],
      [{ currentPassword: "x", newPassword: "abc", confirmPassword: "abc" }, "Password must be at least 6 characters"],
      [{ currentPassword: "x", newPassword: "abcdef", confirmPassword: "abcdeg" }, "Passwords don't match"],
      [{ currentPassword: 5, newPassword: "abcdef", confirmPassword: "abcdef" }, "currentPassword"],
      [{ currentPassword: "x\u0000", newPassword: "abcdef", confirmPassword: "abcdef" }, "NUL"],
    ];
    for (const [body, message] of cases) {
      const response = await post(changePassword, "/api/auth/change-password", admin.token, body);
      expect(response.status, message).toBe(400);
      expect((await response.json()).message).toContain(message);
    }
    const huge = await changePassword(
      apiRequest("/api/auth/change-password", { method: "POST", token: admin.token, rawBody: JSON.stringify({ currentPassword: "x".repeat(2_000_000) }) }),
    );
    expect(huge.status).toBe(413);
  });

  it("change-password: admin and owner change their own, and other devices are signed out", async () => {
    for (const someone of [admin, owner]) {
      const elsewhere = (await (await signIn(someone.email, someone.password)).json()) as { access_token: string };
      const response = await post(changePassword, "/api/auth/change-password", someone.token, {
        currentPassword: someone.password,
        newPassword: `${someone.password}-new`,
        confirmPassword: `${someone.password}-new`,
      });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toEqual({ message: "Your password has been updated successfully." });
      expect((await signIn(someone.email, someone.password)).status).toBe(400);
      expect((await signIn(someone.email, `${someone.password}-new`)).status).toBe(200);
      // The caller's own session goes on; the others end.
      expect((await getUser(apiRequest("/api/auth/user", { token: someone.token }))).status).toBe(200);
      expect((await getUser(apiRequest("/api/auth/user", { token: elsewhere.access_token }))).status).toBe(401);
      someone.password = `${someone.password}-new`;
    }
  });

  it("change-email: roles, current password, and both addresses must confirm", async () => {
    const body = (currentPassword: string, newEmail: string) => ({ currentPassword, newEmail });
    expect((await post(changeEmail, "/api/auth/change-email", undefined, body("x", "new@example.com"))).status).toBe(401);
    for (const someone of [learner, otherLearner]) {
      expect((await post(changeEmail, "/api/auth/change-email", someone.token, body(someone.password, "new@example.com"))).status).toBe(403);
    }
    const invalid = await post(changeEmail, "/api/auth/change-email", admin.token, body(admin.password, "not-an-address"));
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).message).toContain("Invalid email address");
    const wrong = await post(changeEmail, "/api/auth/change-email", admin.token, body("not-it", "admin-new@example.com"));
    expect(wrong.status).toBe(400);
    const taken = await post(changeEmail, "/api/auth/change-email", admin.token, body(admin.password, learner.email));
    expect(taken.status).toBe(409);

    const ok = await post(changeEmail, "/api/auth/change-email", admin.token, body(admin.password, "admin-new@example.com"));
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await ok.json()).toMatchObject({ newEmail: "admin-new@example.com" });
    const { listMailbox } = await import("@/lib/auth-server");
    const toOld = await listMailbox({ to: admin.email });
    const toNew = await listMailbox({ to: "admin-new@example.com" });
    expect(toOld[0]).toMatchObject({ kind: "email_change_current" });
    expect(toNew[0]).toMatchObject({ kind: "email_change_new" });
    // Until both links are followed, the account keeps its address.
    const me = (await (await authCall("/user", { token: admin.token })).json()) as { email: string; new_email: string };
    expect(me).toMatchObject({ email: admin.email, new_email: "admin-new@example.com" });
  });
});

describe.each(testDbKinds)("session checks on %s", (kind) => {
  useTestDb(kind, { app: true });

  it("a password-only token of a user with a verified factor gets mfa_required; other users are not affected", async () => {
    const guarded = await account("guarded@example.com");
    const bystander = await account("bystander@example.com");
    const enrolled = (await (await authCall("/factors", { method: "POST", token: guarded.token, body: { factor_type: "totp" } })).json()) as {
      id: string;
      totp: { secret: string };
    };
    const challenge = (await (await authCall(`/factors/${enrolled.id}/challenge`, { method: "POST", token: guarded.token })).json()) as { id: string };
    const code = new TOTP({ secret: Secret.fromBase32(enrolled.totp.secret), digits: 6, period: 30 }).generate();
    const verified = await authCall(`/factors/${enrolled.id}/verify`, { method: "POST", token: guarded.token, body: { challenge_id: challenge.id, code } });
    expect(verified.status).toBe(200);
    const aal2 = ((await verified.json()) as { access_token: string }).access_token;

    const passwordOnly = ((await (await signIn(guarded.email, guarded.password)).json()) as { access_token: string }).access_token;
    const refused = await getUser(apiRequest("/api/auth/user", { token: passwordOnly }));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: "mfa_required" });
    expect((await getUser(apiRequest("/api/auth/user", { token: aal2 }))).status).toBe(200);
    expect((await getUser(apiRequest("/api/auth/user", { token: bystander.token }))).status).toBe(200);
  });

  it("a token stops working the moment its session ends", async () => {
    const leaving = await account("leaving@example.com");
    expect((await getUser(apiRequest("/api/auth/user", { token: leaving.token }))).status).toBe(200);
    expect((await authCall("/logout?scope=global", { method: "POST", token: leaving.token })).status).toBe(204);
    expect((await getUser(apiRequest("/api/auth/user", { token: leaving.token }))).status).toBe(401);
  });
});
