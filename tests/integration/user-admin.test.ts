/**
 * The owner's user management API on PGlite and Postgres: owners only, validation, the own-role
 * and self-delete refusals, and a deletion that takes the user's data and sign-in account with it.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteUserRoute } from "@/app/api/admin/users/[userId]/route";
import { PATCH as patchRole } from "@/app/api/admin/users/[userId]/role/route";
import { GET as listUsers } from "@/app/api/admin/users/route";
import { POST as postFavorite } from "@/app/api/users/favorites/route";
import { POST as postWords } from "@/app/api/users/[userId]/words/route";
import { GET as getMe } from "@/app/api/users/route";
import {
  authMfaFactors,
  authRefreshTokens,
  authSessions,
  authUsers,
  dailyProgress,
  favorites,
  userWordProgress,
  users,
  videoProgress,
  videos,
  words,
} from "@/db/schema";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { ensureAppUser } from "@/lib/services/users";
import { authPost, signedInUser } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

type Who = { id: string; token: string; email: string };

const signInAnswer = (email: string) => authPost("/token?grant_type=password", { email, password: "secret-123" });
const refresh = (refreshToken: string) => authPost("/token?grant_type=refresh_token", { refresh_token: refreshToken });
async function signIn(email: string): Promise<{ access_token: string; refresh_token: string }> {
  const response = await signInAnswer(email);
  expect(response.status).toBe(200);
  return response.json();
}

const OWN_ROLE = "You cannot remove your own owner privileges.";
const OWN_DELETE = "You cannot delete your own account.";

describe.each(testDbKinds)("user management API on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let owner: Who, admin: Who, learner: Who, other: Who;
  let seq = 0;

  /** A signed-in account the app has seen, with a role. */
  async function person(prefix: string, role: "user" | "admin" | "owner" = "user"): Promise<Who> {
    const email = `${prefix}-${++seq}@example.com`;
    const who = { ...(await signedInUser(email, "secret-123", { first_name: prefix })), email };
    expect((await call(getMe, "/api/users", { token: who.token })).status).toBe(200);
    if (role !== "user") await t().db.update(users).set({ role }).where(eq(users.id, who.id));
    return who;
  }

  beforeAll(async () => {
    await seedDemoContent(t().db);
    owner = await person("owner");
    admin = await person("admin", "admin");
    learner = await person("learner");
    other = await person("other");
    const [row] = await t().db.select({ role: users.role }).from(users).where(eq(users.id, owner.id));
    expect(row!.role).toBe("owner");
  });

  const list = (who: Who | null) => call(listUsers, "/api/admin/users", { token: who?.token });
  const setRole = (who: Who | null, userId: string, body: unknown, init: { rawBody?: string; contentType?: string } = {}) =>
    call(patchRole, `/api/admin/users/${userId}/role`, { method: "PATCH", token: who?.token, body, params: { userId }, ...init });
  const remove = (who: Who | null, userId: string) =>
    call(deleteUserRoute, `/api/admin/users/${userId}`, { method: "DELETE", token: who?.token, params: { userId } });
  const roleOf = async (id: string) => (await t().db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

  it("lists every user for the owner only, newest account first", async () => {
    expect((await list(null)).status).toBe(401);
    for (const who of [learner, other, admin]) {
      const refused = await list(who);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("You do not have permission to do this");
    }
    const { status, body } = await list(owner);
    expect(status).toBe(200);
    const ids = body.map((u: { id: string }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([owner.id, admin.id, learner.id, other.id]));
    expect(ids.indexOf(other.id)).toBeLessThan(ids.indexOf(owner.id));
    const row = body.find((u: { id: string }) => u.id === admin.id);
    expect(row).toMatchObject({ email: expect.stringMatching(/^admin-\d+@example.com$/), firstName: "admin", role: "admin" });
    expect(Object.keys(row).sort()).toEqual(
      ["appUser", "createdAt", "email", "emailConfirmed", "firstName", "id", "lastLoginDate", "lastName", "nativeLanguage", "profileImageUrl", "role", "targetLanguage", "username"],
    );
    expect(row).toMatchObject({ emailConfirmed: true, appUser: true });
    expect(new Date(row.createdAt).toISOString()).toBe(row.createdAt);
  });

  it("changes roles for the owner only: anonymous 401, everyone else 403, and nothing changes", async () => {
    expect((await setRole(null, learner.id, { role: "admin" })).status).toBe(401);
    for (const who of [learner, other, admin]) {
      // Not even a role change of one's own account, and whatever the body says.
      for (const [target, body] of [[other.id, { role: "admin" }], [who.id, { role: "owner" }], [learner.id, { role: "nonsense" }]] as const) {
        expect((await setRole(who, target, body)).status).toBe(403);
      }
    }
    expect(await roleOf(learner.id)).toBe("user");
    expect(await roleOf(other.id)).toBe("user");
    expect(await roleOf(admin.id)).toBe("admin");
  });

  it("sets user, admin and owner; the new role counts on the person's next request", async () => {
    const target = await person("promoted");
    const admin1 = await setRole(owner, target.id, { role: "admin" });
    expect(admin1).toMatchObject({ status: 200, body: { id: target.id, role: "admin" } });
    expect((await list(target)).status).toBe(403);
    expect((await setRole(owner, target.id, { role: "owner" })).body.role).toBe("owner");
    expect((await list(target)).status).toBe(200);
    // The same role again is a no-op.
    expect(await setRole(owner, target.id, { role: "owner" })).toMatchObject({ status: 200, body: { role: "owner" } });
    expect((await setRole(owner, target.id, { role: "user" })).body.role).toBe("user");
    expect((await list(target)).status).toBe(403);
    expect((await call(getMe, "/api/users", { token: target.token })).body.role).toBe("user");
  });

  it("refuses an owner's own demotion with SPEC's message; setting owner again is harmless", async () => {
    for (const role of ["user", "admin"]) {
      const refused = await setRole(owner, owner.id, { role });
      expect(refused).toMatchObject({ status: 403, body: { message: OWN_ROLE } });
    }
    // One's own id in capitals is still one's own.
    expect((await setRole(owner, owner.id.toUpperCase(), { role: "user" })).body.message).toBe(OWN_ROLE);
    expect(await setRole(owner, owner.id, { role: "owner" })).toMatchObject({ status: 200, body: { id: owner.id, role: "owner" } });
    expect(await roleOf(owner.id)).toBe("owner");
  });

  it("refuses bad role changes with 4xx and the reason, changing nothing", async () => {
    const role = 'role: role must be "user", "admin" or "owner"';
    for (const [body, status, message] of [
      [{ role: "superuser" }, 400, role],
      [{ role: "Owner" }, 400, role],
      [{ role: 1 }, 400, role],
      [{ role: null }, 400, role],
      [{ role: ["admin"] }, 400, role],
      [{}, 400, role],
      [{ role: "admin", extra: true }, 400, 'Unrecognized key: "extra"'],
      [["admin"], 400, undefined],
      ["admin", 400, undefined],
      [{ role: "admin\u0000" }, 400, "role: must not contain NUL characters"],
    ] as const) {
      const result = await setRole(owner, learner.id, body);
      expect(result.status, JSON.stringify(body)).toBe(status);
      if (message) expect(result.body.message, JSON.stringify(body)).toBe(message);
    }
    expect((await setRole(owner, learner.id, undefined, { rawBody: "{role: admin" })).body).toMatchObject({ message: "The request body is not valid JSON" });
    expect((await setRole(owner, learner.id, undefined, { rawBody: "role=admin", contentType: "application/x-www-form-urlencoded" })).status).toBe(415);
    const huge = await setRole(owner, learner.id, { role: "admin", padding: "x".repeat(64 * 1024) });
    expect(huge.status).toBe(413);
    expect(await roleOf(learner.id)).toBe("user");
  });

  it("answers 404 for unknown and malformed user ids", async () => {
    const unknown = crypto.randomUUID();
    expect(await setRole(owner, unknown, { role: "admin" })).toMatchObject({ status: 404, body: { message: "User not found" } });
    expect(await remove(owner, unknown)).toMatchObject({ status: 404, body: { message: "User not found" } });
    for (const bad of ["not-a-uuid", "123", `${learner.id}x`, "%00", "\u0000", " ", "".padEnd(5000, "a")]) {
      expect((await setRole(owner, bad, { role: "admin" })).status, bad.slice(0, 20)).toBe(404);
      expect((await remove(owner, bad)).status, bad.slice(0, 20)).toBe(404);
    }
    // Learners learn nothing about which ids exist.
    expect((await remove(learner, unknown)).status).toBe(403);
  });

  it("never deletes oneself; others may not delete anyone", async () => {
    for (const id of [owner.id, owner.id.toUpperCase()]) {
      expect(await remove(owner, id)).toMatchObject({ status: 403, body: { message: OWN_DELETE } });
    }
    expect((await remove(null, learner.id)).status).toBe(401);
    for (const who of [learner, other, admin]) {
      expect((await remove(who, other.id)).status).toBe(403);
      expect((await remove(who, who.id)).status).toBe(403);
    }
    for (const who of [owner, learner, other, admin]) expect(await roleOf(who.id)).toBeDefined();
  });

  it("deletes a user with all their data and sign-in account; their token stops working at once", async () => {
    const db = t().db;
    const victim = await person("victim");
    await db.update(users).set({ nativeLanguage: "en", targetLanguage: "es" }).where(eq(users.id, victim.id));
    const [video] = await db.select({ id: videos.id }).from(videos).where(eq(videos.title, "Ordering Coffee in Madrid"));
    const [word] = await db.select({ id: words.id }).from(words).where(eq(words.videoId, video!.id)).limit(1);
    const favorite = await call(postFavorite, "/api/users/favorites", { method: "POST", token: victim.token, body: { videoId: video!.id, action: "add" } });
    expect(favorite.status).toBe(200);
    const answer = await call(postWords, `/api/users/${victim.id}/words`, {
      method: "POST",
      token: victim.token,
      body: { wordId: word!.id, learned: true, correct: 1, incorrect: 0 },
      params: { userId: victim.id },
    });
    expect(answer.status).toBe(200);
    // A second session, an authenticator being set up, and a video they added.
    const second = await signIn(victim.email);
    await db.insert(authMfaFactors).values({ userId: victim.id, factorType: "totp", friendlyName: "phone" });
    const [theirVideo] = await db.insert(videos).values({ title: "Their upload", youtubeId: "abcdefghijk", createdBy: victim.id }).returning();

    const counts = async () => ({
      users: (await db.select().from(users).where(eq(users.id, victim.id))).length,
      favorites: (await db.select().from(favorites).where(eq(favorites.userId, victim.id))).length,
      wordProgress: (await db.select().from(userWordProgress).where(eq(userWordProgress.userId, victim.id))).length,
      dailyProgress: (await db.select().from(dailyProgress).where(eq(dailyProgress.userId, victim.id))).length,
      videoProgress: (await db.select().from(videoProgress).where(eq(videoProgress.userId, victim.id))).length,
      authUsers: (await db.select().from(authUsers).where(eq(authUsers.id, victim.id))).length,
      sessions: (await db.select().from(authSessions).where(eq(authSessions.userId, victim.id))).length,
      refreshTokens: (await db.select().from(authRefreshTokens).where(eq(authRefreshTokens.userId, victim.id))).length,
      factors: (await db.select().from(authMfaFactors).where(eq(authMfaFactors.userId, victim.id))).length,
    });
    const before = await counts();
    for (const [name, n] of Object.entries(before)) expect(n, name).toBeGreaterThan(0);

    expect(await remove(owner, victim.id)).toMatchObject({ status: 200, body: { id: victim.id, deleted: true } });
    for (const [name, n] of Object.entries(await counts())) expect(n, name).toBe(0);
    // Their token is refused at once, and the app does not bring them back as a new user.
    for (const token of [victim.token, second.access_token]) expect((await call(getMe, "/api/users", { token })).status).toBe(401);
    expect((await refresh(second.refresh_token)).status).toBe(400);
    expect((await signInAnswer(victim.email)).status).toBe(400);
    expect((await db.select().from(users).where(eq(users.id, victim.id))).length).toBe(0);
    await expect(ensureAppUser(db, { id: victim.id, email: "victim@example.com" })).rejects.toMatchObject({ status: 401 });
    // Content they added stays, without its creator.
    const [kept] = await db.select({ createdBy: videos.createdBy }).from(videos).where(eq(videos.id, theirVideo!.id));
    expect(kept).toEqual({ createdBy: null });
    await db.delete(videos).where(eq(videos.id, theirVideo!.id));
    // Gone from the list; a second delete is 404; everyone else is untouched.
    expect((await list(owner)).body.some((u: { id: string }) => u.id === victim.id)).toBe(false);
    expect((await remove(owner, victim.id)).status).toBe(404);
    expect((await call(getMe, "/api/users", { token: learner.token })).status).toBe(200);
  });

  it("deletes an account that signed up but never used the app, and another owner", async () => {
    const { createUser } = await import("@/lib/auth-server");
    const quiet = await createUser({ email: `quiet-${++seq}@example.com`, password: "secret-123", userMetadata: {}, emailConfirmed: true });
    expect(await remove(owner, quiet.id)).toMatchObject({ status: 200, body: { deleted: true } });
    expect((await t().db.select().from(authUsers).where(eq(authUsers.id, quiet.id))).length).toBe(0);
    const coOwner = await person("co-owner", "owner");
    expect((await remove(owner, coOwner.id)).status).toBe(200);
    expect((await list(coOwner)).status).toBe(401);
  });

  it("two owners demoting each other at once leave one owner", async () => {
    const second = await person("second-owner", "owner");
    const [a, b] = await Promise.all([setRole(owner, second.id, { role: "user" }), setRole(second, owner.id, { role: "user" })]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    const owners = [await roleOf(owner.id), await roleOf(second.id)].filter((r) => r === "owner");
    expect(owners).toHaveLength(1);
    // Put the first owner back for the tests that follow.
    if ((await roleOf(owner.id)) !== "owner") {
      await t().db.update(users).set({ role: "owner" }).where(eq(users.id, owner.id));
    }
    await t().db.update(users).set({ role: "user" }).where(eq(users.id, second.id));
  });
});
