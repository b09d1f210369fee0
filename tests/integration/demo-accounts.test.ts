/**
 * The demo accounts, whose passwords the README publishes: seeded only while the server is
 * loopback-only (HOST), and on a server other machines can reach, their published passwords are
 * replaced with random ones at start, their sessions ended. The demo videos are seeded either way.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { prepareDatabase } from "@/lib/setup/prepare";
import { authUsers, videos } from "@/db/schema";
import { DEMO_ACCOUNTS } from "@/lib/setup/demo-accounts";
import { scrubbedDemoAccountsMessage } from "@/lib/bootstrap";
import { parseEnv } from "@/lib/env";
import { testDbKinds, useTestDb } from "../helpers/db";

async function signIn(email: string, password: string): Promise<Response> {
  const { handleAuthRequest } = await import("@/lib/auth-server");
  return handleAuthRequest(
    new Request("http://localhost:3000/auth/v1/token?grant_type=password", {
      method: "POST",
      headers: { "content-type": "application/json", apikey: "test" },
      body: JSON.stringify({ email, password }),
    }),
  );
}

async function refresh(refreshToken: string): Promise<Response> {
  const { handleAuthRequest } = await import("@/lib/auth-server");
  return handleAuthRequest(
    new Request("http://localhost:3000/auth/v1/token?grant_type=refresh_token", {
      method: "POST",
      headers: { "content-type": "application/json", apikey: "test" },
      body: JSON.stringify({ refresh_token: refreshToken }),
    }),
  );
}

const loopback = parseEnv({ DATA_DIR: "/tmp/unused" });
const reachable = parseEnv({ DATA_DIR: "/tmp/unused", HOST: "0.0.0.0" });

describe.each(testDbKinds)("demo accounts on %s, reachable from other machines", (kind) => {
  const t = useTestDb(kind, { app: true });

  it("are not seeded on a server other machines can reach; the demo videos are", async () => {
    const prepared = await prepareDatabase(reachable);
    expect(prepared.seeded?.videos).toBe(6);
    expect(prepared.demoAccounts).toBeUndefined();
    expect(await t().db.select().from(videos)).toHaveLength(6);
    for (const account of DEMO_ACCOUNTS) {
      expect((await signIn(account.email, account.password)).status, account.email).toBe(400);
      expect(await t().db.select().from(authUsers).where(eq(authUsers.email, account.email)), account.email).toHaveLength(0);
    }
  });
});

describe.each(testDbKinds)("demo accounts on %s, loopback-only, then reachable", (kind) => {
  const t = useTestDb(kind, { app: true });
  let learnerRefreshToken = "";

  it("are seeded while the server is loopback-only, and sign in with the published passwords", async () => {
    const prepared = await prepareDatabase(loopback);
    expect(prepared.demoAccounts?.map((a) => a.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    expect(prepared.scrubbedDemoAccounts).toBeUndefined();
    for (const account of DEMO_ACCOUNTS) {
      const response = await signIn(account.email, account.password);
      expect(response.status, account.email).toBe(200);
      if (account.role === "user") learnerRefreshToken = ((await response.json()) as { refresh_token: string }).refresh_token;
    }
  });

  it("lose the published passwords and their sessions when the server starts reachable", async () => {
    // The admin chose a password of their own: not a published one, so it stays.
    const { updateUserById } = await import("@/lib/auth-server");
    const [admin] = await t().db.select().from(authUsers).where(eq(authUsers.email, "admin@example.com"));
    await updateUserById(admin!.id, { password: "admins-own-choice" });

    const prepared = await prepareDatabase(reachable);
    expect(prepared.scrubbedDemoAccounts).toEqual([
      { role: "owner", email: "owner@example.com" },
      { role: "user", email: "learner@example.com" },
    ]);
    expect(prepared.demoAccounts).toBeUndefined();
    for (const account of DEMO_ACCOUNTS) {
      expect((await signIn(account.email, account.password)).status, account.email).toBe(400);
    }
    expect((await signIn("admin@example.com", "admins-own-choice")).status).toBe(200);
    // Whoever signed in with the published password is signed out.
    expect((await refresh(learnerRefreshToken)).status).toBe(400);
    // The demo videos are untouched.
    expect(await t().db.select().from(videos)).toHaveLength(6);

    const again = await prepareDatabase(reachable);
    expect(again.scrubbedDemoAccounts).toBeUndefined();
  });

  it("are not listed with their published passwords at a later loopback start, since those no longer work", async () => {
    const prepared = await prepareDatabase(loopback);
    expect(prepared.demoAccounts).toEqual([]);
  });

  it("logs one line naming the accounts and the way back in from this machine", () => {
    const line = scrubbedDemoAccountsMessage([{ email: "owner@example.com" }], { host: "0.0.0.0", port: 3000, trustedProxyHops: 0 });
    expect(line).not.toContain("\n");
    expect(line).toContain("owner@example.com");
    expect(line).toContain("http://127.0.0.1:3000/dev/mailbox");
    expect(line).toMatch(/replaced with random ones/);
    const proxied = scrubbedDemoAccountsMessage([{ email: "owner@example.com" }], { host: "127.0.0.1", port: 3000, trustedProxyHops: 1 });
    expect(proxied).toContain("(TRUSTED_PROXY_HOPS=1)");
    expect(proxied).not.toContain("http://127.0.0.1:3000/dev/mailbox");
  });
});
