/**
 * The API remembers a live session and its app user between requests (db/session-cache.ts); what
 * changes them must count at once: a sign-out, a role change, a deleted session or user, however
 * and by whichever process the change is written.
 */
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getUser } from "@/app/api/auth/user/route";
import { PATCH as patchRole } from "@/app/api/admin/users/[userId]/role/route";
import { GET as getDailyProgress } from "@/app/api/users/daily-progress/route";
import { apiRequest, authPost, seedActors, signedInUser, type Actor, type ActorName } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";

const me = (token: string) => getUser(apiRequest("/api/auth/user", { token }));

/** Asks until `check` holds or two seconds pass: for a change another process makes, which arrives by notification. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(testDbKinds)("remembered sessions on %s", (kind) => {
  const db = useTestDb(kind, { app: true });
  let actors: Record<ActorName, Actor>;

  beforeAll(async () => {
    actors = await seedActors(db().db, "cache");
  });

  /** A session that has answered a few requests, so it is remembered. */
  async function warmSession(email: string): Promise<{ id: string; token: string }> {
    const who = await signedInUser(email);
    for (let i = 0; i < 3; i++) expect((await me(who.token)).status).toBe(200);
    return who;
  }

  it("refuses a signed-out token on the very next request, however often it answered before", async () => {
    const who = await warmSession("warm-signout@example.com");
    const response = await (await import("@/lib/auth-server")).handleAuthRequest(
      new Request("http://localhost:3000/auth/v1/logout?scope=local", { method: "POST", headers: { apikey: "test", authorization: `Bearer ${who.token}` } }),
    );
    expect(response.status).toBe(204);
    expect((await me(who.token)).status).toBe(401);
    expect((await getDailyProgress(apiRequest("/api/users/daily-progress", { token: who.token }))).status).toBe(401);
  });

  it("ends other sessions at once when the password changes", async () => {
    const who = await warmSession("warm-password@example.com");
    const other = await authPost("/token?grant_type=password", { email: "warm-password@example.com", password: "secret-123" });
    const otherToken = ((await other.json()) as { access_token: string }).access_token;
    for (let i = 0; i < 2; i++) expect((await me(otherToken)).status).toBe(200);
    const { handleAuthRequest } = await import("@/lib/auth-server");
    const changed = await handleAuthRequest(
      new Request("http://localhost:3000/auth/v1/user", {
        method: "PUT",
        headers: { apikey: "test", authorization: `Bearer ${who.token}`, "content-type": "application/json" },
        body: JSON.stringify({ password: "a-new-secret-456", current_password: "secret-123" }),
      }),
    );
    expect(changed.status).toBe(200);
    expect((await me(otherToken)).status).toBe(401);
  });

  it("applies an owner's role change to the user's very next request", async () => {
    const who = await warmSession("warm-role@example.com");
    expect(await (await me(who.token)).json()).toMatchObject({ role: "user" });
    const promoted = await patchRole(
      apiRequest(`/api/admin/users/${who.id}/role`, { method: "PATCH", token: actors.owner.token, body: { role: "admin" } }),
      { params: Promise.resolve({ userId: who.id }) },
    );
    expect(promoted.status).toBe(200);
    expect(await (await me(who.token)).json()).toMatchObject({ role: "admin" });
  });

  it("sees a session deleted and a user changed by a statement of this process's own, at once", async () => {
    const who = await warmSession("warm-direct@example.com");
    await db().db.execute(sql`update users set daily_goal = 45 where id = ${who.id}`);
    expect(await (await me(who.token)).json()).toMatchObject({ dailyGoal: 45 });
    await db().db.execute(sql`delete from embedded_auth.sessions where user_id = ${who.id}`);
    expect((await me(who.token)).status).toBe(401);
  });

  it.runIf(kind === "postgres")("sees a session another process deletes as soon as its notification arrives", async () => {
    const who = await warmSession("warm-elsewhere@example.com");
    const elsewhere = postgres((db() as unknown as { url: string }).url, { max: 1, onnotice: () => {} });
    try {
      await elsewhere`update users set daily_goal = 50 where id = ${who.id}`;
      expect(await eventually(async () => (await (await me(who.token)).json()).dailyGoal === 50)).toBe(true);
      await elsewhere`delete from embedded_auth.sessions where user_id = ${who.id}`;
      expect(await eventually(async () => (await me(who.token)).status === 401)).toBe(true);
    } finally {
      await elsewhere.end();
    }
  });
});
