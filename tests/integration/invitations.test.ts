/**
 * Invitations through the app's API and the embedded auth server, on PGlite and Postgres: an owner
 * invites an address with a role, the invitee follows the emailed link, chooses a password with
 * that session alone, and reaches the app with the role; resending replaces the link, revoking
 * kills it and the waiting account; the refusals and bad input.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as revokeRoute } from "@/app/api/admin/invitations/[invitationId]/route";
import { POST as resendRoute } from "@/app/api/admin/invitations/[invitationId]/resend/route";
import { GET as listRoute, POST as inviteRoute } from "@/app/api/admin/invitations/route";
import { GET as listUsersRoute } from "@/app/api/admin/users/route";
import { GET as getMe } from "@/app/api/users/route";
import { authUsers, invitations, users } from "@/db/schema";
import { authPost, signedInUser } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

type Who = { id: string; token: string; email: string };

describe.each(testDbKinds)("invitations on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let owner: Who;
  let admin: Who;
  let seq = 0;
  const address = (prefix: string) => `${prefix}-${kind}-${++seq}@example.com`;

  async function person(prefix: string, role: "user" | "admin" | "owner"): Promise<Who> {
    const email = address(prefix);
    const who = { ...(await signedInUser(email)), email };
    expect((await call(getMe, "/api/users", { token: who.token })).status).toBe(200);
    await t().db.update(users).set({ role }).where(eq(users.id, who.id));
    return who;
  }

  const invite = (body: unknown, token = owner.token) => call(inviteRoute, "/api/admin/invitations", { method: "POST", token, body });
  const list = async () => (await call(listRoute, "/api/admin/invitations", { token: owner.token })).body as { id: string; email: string; role: string; expired: boolean; expiresAt: string; sentAt: string }[];

  async function inviteLink(email: string): Promise<string> {
    const { listMailbox } = await import("@/lib/auth-server");
    const [mail] = await listMailbox({ to: email, limit: 1 });
    expect(mail?.kind).toBe("invite");
    return mail!.links.find((l) => l.includes("/auth/v1/verify"))!;
  }

  /** Follows the emailed link as a browser does: the session comes back in the fragment of /invitation. */
  async function follow(link: string): Promise<URLSearchParams | { error: string }> {
    const { handleAuthRequest } = await import("@/lib/auth-server");
    const response = await handleAuthRequest(new Request(link, { redirect: "manual" }));
    expect(response.status).toBe(303);
    const target = new URL(response.headers.get("location")!);
    expect(target.pathname).toBe("/invitation");
    const fragment = new URLSearchParams(target.hash.slice(1));
    return fragment.get("error_code") ? { error: fragment.get("error_code")! } : fragment;
  }

  beforeAll(async () => {
    owner = await person("owner", "owner");
    admin = await person("admin", "admin");
  });

  it("lets an invitee in with the role they were invited with, through the emailed link and a password of their choosing", async () => {
    const email = address("invitee");
    const created = await invite({ email: email.toUpperCase(), role: "admin" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email, role: "admin", invitedBy: owner.email, expired: false });
    const days = (Date.parse(created.body.expiresAt) - Date.parse(created.body.sentAt)) / 86_400_000;
    expect(days).toBe(7);
    expect((await list()).map((i) => i.email)).toContain(email);

    // The waiting account is an invitation, not a user of the Users list.
    const listed = await call(listUsersRoute, "/api/admin/users", { token: owner.token });
    expect(listed.body.map((u: { email: string }) => u.email)).not.toContain(email);

    const link = await inviteLink(email);
    expect(new URL(link).searchParams.get("type")).toBe("invite");
    const { listMailbox } = await import("@/lib/auth-server");
    const [mail] = await listMailbox({ to: email, limit: 1 });
    expect(mail!.subject).toBe("You're invited to LingoReel");
    expect(mail!.text).toContain("The link expires in 7 days and works once.");
    const session = await follow(link);
    if ("error" in session) throw new Error(session.error);
    const token = session.get("access_token")!;
    expect(session.get("type")).toBe("invite");

    // The invitation's session may choose the first password without any other proof.
    const { handleAuthRequest } = await import("@/lib/auth-server");
    const set = await handleAuthRequest(
      new Request("http://localhost:3000/auth/v1/user", {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ password: "chosen-123" }),
      }),
    );
    expect(set.status).toBe(200);
    // ... but not a second time.
    const again = await handleAuthRequest(
      new Request("http://localhost:3000/auth/v1/user", {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ password: "another-123" }),
      }),
    );
    expect(again.status).toBe(400);

    const me = await call(getMe, "/api/users", { token });
    expect(me.status).toBe(200);
    const [row] = await t().db.select().from(users).where(eq(users.email, email));
    expect(row!.role).toBe("admin");
    expect((await list()).map((i) => i.email)).not.toContain(email);
    expect((await authPost("/token?grant_type=password", { email, password: "chosen-123" })).status).toBe(200);
    // The link worked once.
    expect(await follow(link)).toEqual({ error: "otp_expired" });
  });

  it("resends with a fresh link and a full week, and revokes the invitation with its waiting account", async () => {
    const email = address("resend");
    const created = (await invite({ email })).body as { id: string; role: string };
    expect(created.role).toBe("user");
    const first = await inviteLink(email);
    await t().db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.id, created.id));
    expect((await list()).find((i) => i.id === created.id)?.expired).toBe(true);

    // One email a minute per account, as GoTrue has it: a second right away waits, and says how long.
    const early = await call(resendRoute, `/api/admin/invitations/${created.id}/resend`, { method: "POST", token: owner.token, params: { invitationId: created.id } });
    expect(early.status).toBe(429);
    expect(early.body.message).toMatch(/^You can send this invitation again in \d+ seconds\.$/);
    await t().db.update(authUsers).set({ invitedAt: new Date(Date.now() - 61_000) }).where(eq(authUsers.email, email));

    const resent = await call(resendRoute, `/api/admin/invitations/${created.id}/resend`, { method: "POST", token: owner.token, params: { invitationId: created.id } });
    expect(resent.status).toBe(200);
    expect(resent.body.expired).toBe(false);
    const second = await inviteLink(email);
    expect(second).not.toBe(first);
    expect(await follow(first)).toEqual({ error: "otp_expired" });

    const revoked = await call(revokeRoute, `/api/admin/invitations/${created.id}`, { method: "DELETE", token: owner.token, params: { invitationId: created.id } });
    expect(revoked).toEqual({ status: 200, body: { id: created.id, revoked: true } });
    expect(await t().db.select().from(authUsers).where(eq(authUsers.email, email))).toHaveLength(0);
    expect(await follow(second)).toEqual({ error: "otp_expired" });
    const twice = await call(revokeRoute, `/api/admin/invitations/${created.id}`, { method: "DELETE", token: owner.token, params: { invitationId: created.id } });
    expect(twice).toMatchObject({ status: 404, body: { message: "Invitation not found" } });
    // The address can be invited again.
    expect((await invite({ email })).status).toBe(201);
  });

  it("refuses addresses that are taken or already invited, and bad input, with clear messages", async () => {
    expect(await invite({ email: admin.email })).toMatchObject({ status: 409, body: { message: "A user with this email address has already been registered" } });
    const email = address("twice");
    expect((await invite({ email })).status).toBe(201);
    expect(await invite({ email: ` ${email.toUpperCase()} ` })).toMatchObject({
      status: 409,
      body: { message: "This address has already been invited: resend its invitation instead." },
    });
    // Signed up but never confirmed: GoTrue's invite sends the link again rather than refusing.
    const { createUser } = await import("@/lib/auth-server");
    const pending = address("signed-up");
    await createUser({ email: pending, password: "secret-123", userMetadata: {}, emailConfirmed: false });
    expect((await invite({ email: pending })).status).toBe(201);

    // An address whose sign-in account is confirmed but never reached the app: the auth server
    // refuses the invitation, and the invitation goes with the refusal instead of waiting unsent.
    const confirmed = address("confirmed");
    await createUser({ email: confirmed, password: "secret-123", userMetadata: {}, emailConfirmed: true });
    expect(await invite({ email: confirmed })).toMatchObject({ status: 409, body: { message: "A user with this email address has already been registered" } });
    expect((await list()).map((i) => i.email)).not.toContain(confirmed);

    for (const body of [{ email: "not-an-address" }, { email: "a\u0000b@example.com" }, { email: 42 }, { email: address("x"), role: "god" }, { email: address("x"), extra: 1 }, {}]) {
      const answer = await invite(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.message).toBe("string");
    }
    expect((await invite({ email: "x".repeat(300) + "@example.com" })).status).toBeGreaterThanOrEqual(400);
    const huge = await call(inviteRoute, "/api/admin/invitations", { method: "POST", token: owner.token, rawBody: JSON.stringify({ email: "a@b.co", pad: "y".repeat(10_000) }) });
    expect(huge.status).toBe(413);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await call(resendRoute, `/api/admin/invitations/${unknown}/resend`, { method: "POST", token: owner.token, params: { invitationId: unknown } })).status).toBe(404);
    expect((await call(revokeRoute, "/api/admin/invitations/nope", { method: "DELETE", token: owner.token, params: { invitationId: "nope" } })).status).toBe(404);
    // Two owners inviting one address at once: one invitation, one email.
    const raced = address("raced");
    const answers = await Promise.all([invite({ email: raced }), invite({ email: raced })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const { listMailbox } = await import("@/lib/auth-server");
    expect(await listMailbox({ to: raced })).toHaveLength(1);
    expect((await list()).filter((i) => i.email === raced)).toHaveLength(1);
    // Admins manage content, not people (SPEC §6).
    expect((await invite({ email: address("by-admin") }, admin.token)).status).toBe(403);
  });
});
