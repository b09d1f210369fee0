/**
 * POST /api/admin/users/{userId}/confirm-email on the embedded auth server: an owner confirms a
 * sign-up whose confirmation email cannot reach its owner (a reachable install without SMTP), and
 * the Users list shows who is still unconfirmed. Owners only; everyone else is refused.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as confirmEmail } from "@/app/api/admin/users/[userId]/confirm-email/route";
import { GET as listUsers } from "@/app/api/admin/users/route";
import { GET as getMe } from "@/app/api/users/route";
import { authOneTimeTokens, users } from "@/db/schema";
import { authPost, signedInUser } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

type Who = { id: string; token: string };

const signIn = (email: string, password = "secret-123") => authPost("/token?grant_type=password", { email, password });

describe.each(testDbKinds)("confirming a user's email on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let owner: Who, admin: Who, learner: Who, otherLearner: Who;
  let pendingId = "";

  async function person(email: string, role: "user" | "admin" | "owner"): Promise<Who> {
    const who = await signedInUser(email);
    expect((await call(getMe, "/api/users", { token: who.token })).status).toBe(200);
    await t().db.update(users).set({ role }).where(eq(users.id, who.id));
    return who;
  }

  const confirm = (who: Who | null, userId: string) =>
    call(confirmEmail, `/api/admin/users/${userId}/confirm-email`, { method: "POST", token: who?.token, params: { userId } });

  beforeAll(async () => {
    owner = await person("owner@example.com", "owner");
    admin = await person("admin@example.com", "admin");
    learner = await person("learner@example.com", "user");
    otherLearner = await person("other@example.com", "user");
    // Someone signs up; the confirmation email goes nowhere they can read.
    const response = await authPost("/signup", { email: "pending@example.com", password: "secret-123", data: { first_name: "Pat" } });
    expect(response.status).toBe(200);
    pendingId = ((await response.json()) as { id: string }).id;
    expect((await signIn("pending@example.com")).status).toBe(400);
  });

  it("lists the unconfirmed sign-up for the owner, marked unconfirmed", async () => {
    const { status, body } = await call(listUsers, "/api/admin/users", { token: owner.token });
    expect(status).toBe(200);
    const pending = (body as { id: string }[]).find((u) => u.id === pendingId);
    expect(pending).toMatchObject({ email: "pending@example.com", firstName: "Pat", emailConfirmed: false, appUser: false, role: "user" });
    expect((body as { id: string }[]).find((u) => u.id === learner.id)).toMatchObject({ emailConfirmed: true, appUser: true });
  });

  it("refuses anyone but an owner, and changes nothing", async () => {
    expect((await confirm(null, pendingId)).status).toBe(401);
    for (const [who, name] of [
      [learner, "learner"],
      [otherLearner, "another learner"],
      [admin, "admin"],
    ] as const) {
      const { status, body } = await confirm(who, pendingId);
      expect(status, name).toBe(403);
      expect(body, name).toMatchObject({ error: "forbidden" });
    }
    // A learner cannot confirm another learner's address either (already confirmed or not, still 403).
    expect((await confirm(learner, otherLearner.id)).status).toBe(403);
    expect((await signIn("pending@example.com")).status).toBe(400);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const unknown = await confirm(owner, "6f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: "not_found", message: "User not found" });
    expect((await confirm(owner, "not-a-uuid")).status).toBe(404);
  });

  it("lets the owner confirm it: the user can sign in, and the emailed link is void", async () => {
    const { status, body } = await confirm(owner, pendingId);
    expect(status).toBe(200);
    expect(body).toEqual({ id: pendingId, emailConfirmed: true });
    expect((await signIn("pending@example.com")).status).toBe(200);
    const links = await t().db.select().from(authOneTimeTokens).where(eq(authOneTimeTokens.userId, pendingId));
    expect(links.filter((l) => l.tokenType === "signup")).toHaveLength(0);
    const listed = await call(listUsers, "/api/admin/users", { token: owner.token });
    expect((listed.body as { id: string }[]).find((u) => u.id === pendingId)).toMatchObject({ emailConfirmed: true });
  });

  it("answers 409 with a message for an address already confirmed", async () => {
    for (const id of [pendingId, learner.id]) {
      const { status, body } = await confirm(owner, id);
      expect(status).toBe(409);
      expect(body).toMatchObject({ error: "conflict", message: "This user's email address is already confirmed." });
    }
  });
});
