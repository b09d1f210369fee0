/**
 * The embedded auth server behind a real node:http server for integration tests, with the
 * helpers the auth-server test files share: supabase-js clients, the mailbox. The fake SMTP server
 * they deliver to is in ./smtp.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createClient, type Session, type SupabaseClient } from "@supabase/supabase-js";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { authMail } from "@/db/schema";
import { createAuthServer, type AuthServer, type AuthServerOptions } from "@/lib/auth-server";
// @ts-expect-error: a plain ES module without type declarations
import { resolveClientAddress } from "../../scripts/server.mjs";
import { useTestDb, type TestDb, type TestDbKind } from "./db";

export type Running = { url: string; server: AuthServer; close: () => Promise<void> };

/**
 * Serves an auth server over node:http, as the app's production server does, with one trusted
 * proxy hop: a test can name the client with `X-Forwarded-For: <client>` (the right-most entry).
 */
export async function serve(server: AuthServer): Promise<Running> {
  const httpServer = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else if (value !== undefined) headers.set(name, value);
    }
    const method = req.method ?? "GET";
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method,
      headers,
      body: method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks),
    });
    const ip = resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], 1) as string;
    const response = await server.handle(request, { ip, via: "http" });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise<void>((resolve) => httpServer.close(() => resolve())),
  };
}

export const noLimits = {
  emailSentPerHour: 0,
  emailSentPerIpPerHour: 0,
  signInsPer5Min: 0,
  tokenRefreshPer5Min: 0,
  verifyPer5Min: 0,
  otpPer5Min: 0,
  mfaPerMinute: 0,
};

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${++counter}@example.com`;
export const PASSWORD = "secret-123";

/** Node 20 has no WebSocket and supabase-js insists on one for realtime, which these tests never open. */
class NoWebSocket {
  constructor() {
    throw new Error("realtime is not used in these tests");
  }
}


/**
 * One auth server per test file and database kind, served over HTTP with every per-IP limit off
 * (tests that need limits start their own with `start()`), a clock tests can move, and helpers to
 * read the mailbox, follow links and make raw requests.
 */
export function authServerSuite(kind: TestDbKind) {
  const testDb = useTestDb(kind);
  let main: Running | undefined;
  const clock = { offsetMs: 0 };
  const now = () => new Date(Date.now() + clock.offsetMs);
  const extra: Running[] = [];

  const start = async (options: Partial<AuthServerOptions> = {}) => {
    const running = await serve(
      createAuthServer({ getDb: async () => testDb().db, now, passwordHashCost: 4, rateLimits: noLimits, ...options }),
    );
    extra.push(running);
    return running;
  };

  beforeAll(async () => {
    main = await serve(createAuthServer({ getDb: async () => testDb().db, now, passwordHashCost: 4, rateLimits: noLimits }));
  });
  afterAll(async () => {
    await main?.close();
    for (const running of extra) await running.close();
  });

  const client = (flowType: "pkce" | "implicit" = "pkce", url = main!.url): SupabaseClient =>
    createClient(url, "embedded-anon-key", {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
      realtime: { transport: NoWebSocket as unknown as typeof WebSocket },
    });

  const callback = () => `${main!.url}/auth/callback`;

  /** The newest stored email to an address, with its links. */
  async function latestMail(to: string) {
    const [row] = await testDb().db.select().from(authMail).where(eq(authMail.to, to)).orderBy(desc(authMail.id)).limit(1);
    expect(row, `an email to ${to}`).toBeDefined();
    const [message] = await main!.server.listMailbox({ to, limit: 1 });
    expect(message!.id).toBe(row!.id);
    return { ...row!, links: message!.links };
  }

  async function latestLink(to: string): Promise<string> {
    const mail = await latestMail(to);
    const link = mail.links.find((l) => l.includes("/auth/v1/verify"));
    expect(link).toBeDefined();
    return link!;
  }

  async function follow(link: string): Promise<URL> {
    const response = await fetch(link, { redirect: "manual" });
    expect(response.status).toBe(303);
    expect(response.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    return new URL(response.headers.get("location")!);
  }

  /** A confirmed account and a signed-in client for it. */
  async function signedIn(prefix: string, password = PASSWORD): Promise<{ email: string; supabase: SupabaseClient; session: Session }> {
    const email = uniqueEmail(prefix);
    await main!.server.createUser({ email, password, userMetadata: { first_name: "Lena" } });
    const supabase = client();
    const { data, error } = await supabase.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    return { email, supabase, session: data.session! };
  }

  async function rawRequest(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${main!.url}/auth/v1${path}`, {
      method,
      headers: { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01", ...headers },
      body,
    });
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // not JSON
    }
    return { status: response.status, json, headers: response.headers };
  }

  return {
    get t(): TestDb {
      return testDb();
    },
    get main(): Running {
      return main!;
    },
    clock,
    now,
    start,
    client,
    callback,
    latestMail,
    latestLink,
    follow,
    signedIn,
    rawRequest,
  };
}
