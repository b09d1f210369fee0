/**
 * The dev mailbox's JSON API: only for clients on this machine (as the app's HTTP server decides
 * from the socket, tagged with its secret) and for signed-in owners; everyone else gets 404 as if
 * it did not exist. Readers can filter by recipient; hostile filters get a 400.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getMailbox } from "@/app/api/dev/mailbox/route";
import { GET as getMe } from "@/app/api/users/route";
import { users } from "@/db/schema";
import { createUser } from "@/lib/auth-server";
import { CLIENT_ADDRESS_HEADER, CLIENT_LOCAL_HEADER } from "@/lib/http/client-address";
import { apiRequest, signedInUser } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

const SECRET_KEY = Symbol.for("lingoreel.client-address-secret");
const SECRET = "server-secret";

type Who = { id: string; token: string };

/** A request as scripts/server.mjs hands it on: its client address, and whether it came from this machine. */
function fromServer(path: string, client: { address: string; local: boolean; token?: string }) {
  const request = apiRequest(path, { token: client.token });
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, `${SECRET} ${client.address}`);
  if (client.local) headers.set(CLIENT_LOCAL_HEADER, `${SECRET} 1`);
  return new Request(request.url, { headers });
}

describe.each(testDbKinds)("dev mailbox API on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let owner: Who, admin: Who, learner: Who;

  async function person(email: string, role: "user" | "admin" | "owner"): Promise<Who> {
    const who = await signedInUser(email);
    expect((await call(getMe, "/api/users", { token: who.token })).status).toBe(200);
    await t().db.update(users).set({ role }).where(eq(users.id, who.id));
    return who;
  }

  beforeAll(async () => {
    (globalThis as Record<symbol, unknown>)[SECRET_KEY] = SECRET;
    owner = await person("owner@example.com", "owner");
    admin = await person("admin@example.com", "admin");
    learner = await person("learner@example.com", "user");
    // A password-reset email for the owner: what an attacker would want to read.
    await createUser({ email: "mail@example.com", password: "secret-123", emailConfirmed: false });
    const { handleAuthRequest } = await import("@/lib/auth-server");
    for (const [path, body] of [
      ["/resend", { type: "signup", email: "mail@example.com" }],
      ["/recover", { email: "owner@example.com" }],
    ] as const) {
      const response = await handleAuthRequest(
        new Request(`http://localhost:3000/auth/v1${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
      expect(response.status).toBe(200);
    }
  });
  afterAll(() => {
    delete (globalThis as Record<symbol, unknown>)[SECRET_KEY];
  });

  async function expectHidden(request: Request, what: string) {
    const response = await getMailbox(request);
    expect(response.status, what).toBe(404);
    const text = await response.text();
    expect(text, what).not.toContain("/auth/v1/verify");
    expect(JSON.parse(text), what).toMatchObject({ error: "not_found" });
  }

  it("opens to a client whose connection comes from this machine, and filters by recipient", async () => {
    const response = await getMailbox(fromServer("/api/dev/mailbox?to=MAIL%40example.com&limit=5", { address: "127.0.0.1", local: true }));
    expect(response.status).toBe(200);
    const { messages } = (await response.json()) as { messages: { to: string; kind: string; links: string[] }[] };
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: "mail@example.com", kind: "signup", links: [expect.stringContaining("/auth/v1/verify?")] });
  });

  it("is not there for a client on another machine, signed out, learner or admin", async () => {
    const path = "/api/dev/mailbox?to=owner%40example.com";
    await expectHidden(fromServer(path, { address: "203.0.113.9", local: false }), "anonymous from afar");
    await expectHidden(fromServer(path, { address: "203.0.113.9", local: false, token: learner.token }), "learner");
    await expectHidden(fromServer(path, { address: "203.0.113.9", local: false, token: admin.token }), "admin");
    await expectHidden(fromServer(path, { address: "203.0.113.9", local: false, token: "not-a-token" }), "a made-up token");
  });

  it("does not believe an address a proxy reported, nor a local tag without the server's secret", async () => {
    const path = "/api/dev/mailbox?to=owner%40example.com";
    // Behind a trusted proxy the server names the client 127.0.0.1 from X-Forwarded-For but never tags it local.
    await expectHidden(fromServer(path, { address: "127.0.0.1", local: false }), "loopback address, not a loopback connection");
    const forged = apiRequest(path);
    const headers = new Headers(forged.headers);
    headers.set(CLIENT_LOCAL_HEADER, "1");
    headers.set(CLIENT_ADDRESS_HEADER, "guess 127.0.0.1");
    await expectHidden(new Request(forged.url, { headers }), "forged tag");
    headers.set(CLIENT_LOCAL_HEADER, "guess 1");
    await expectHidden(new Request(forged.url, { headers }), "forged tag with a guessed secret");
  });

  it("is not there for a request that did not come through the app's server, unless an owner asks", async () => {
    delete (globalThis as Record<symbol, unknown>)[SECRET_KEY];
    try {
      await expectHidden(fromServer("/api/dev/mailbox", { address: "127.0.0.1", local: true }), "no server secret");
      const response = await getMailbox(apiRequest("/api/dev/mailbox?to=owner%40example.com", { token: owner.token }));
      expect(response.status).toBe(200);
    } finally {
      (globalThis as Record<symbol, unknown>)[SECRET_KEY] = SECRET;
    }
  });

  it("opens to a signed-in owner from anywhere", async () => {
    const response = await getMailbox(fromServer("/api/dev/mailbox?to=owner%40example.com", { address: "203.0.113.9", local: false, token: owner.token }));
    expect(response.status).toBe(200);
    const { messages } = (await response.json()) as { messages: { to: string; kind: string }[] };
    expect(messages).toEqual([expect.objectContaining({ to: "owner@example.com", kind: "recovery" })]);
  });

  it("answers a reader's hostile filters with a 400 and a message, and others' with the same 404", async () => {
    for (const query of ["to=%00", "to=a%0Ab", "to=a%40example.com&to=b%40example.com", `to=${"a".repeat(400)}`, "limit=ten", "limit=0", "limit=100000"]) {
      const response = await getMailbox(fromServer(`/api/dev/mailbox?${query}`, { address: "::1", local: true }));
      expect(response.status, query).toBe(400);
      expect((await response.json()) as { message: string }, query).toMatchObject({ error: "bad_request", message: expect.stringMatching(/\w/) });
      await expectHidden(fromServer(`/api/dev/mailbox?${query}`, { address: "203.0.113.9", local: false }), query);
    }
  });
});
