/**
 * The embedded auth server behind a real HTTP server, driven by the unmodified supabase-js
 * client (and jose for independent token checks), on every test database.
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { createClient, type Session, type SupabaseClient } from "@supabase/supabase-js";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthServer, isSessionActive, type AuthServer, type AuthServerOptions } from "@/lib/auth-server";
import { PURGE_BATCH_SIZE } from "@/lib/auth-server/maintenance";
import { authFlowState, authMail, authOneTimeTokens, authRefreshTokens, authSessions, authSigningKeys, authUsers } from "@/db/schema";
import { resultRows } from "@/db/client";
import { createTestDb, testDbKinds, type TestDb } from "../helpers/db";

type Running = { url: string; server: AuthServer; close: () => Promise<void> };

/** Serves an auth server over node:http, the way Next hands it requests (with X-Forwarded-For). */
async function serve(server: AuthServer): Promise<Running> {
  const httpServer = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else if (value !== undefined) headers.set(name, value);
    }
    if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", req.socket.remoteAddress ?? "127.0.0.1");
    const method = req.method ?? "GET";
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method,
      headers,
      body: method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks),
    });
    const response = await server.handle(request);
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

type SmtpMessage = { from: string; to: string[]; data: string };

/** Just enough of an SMTP server to receive what nodemailer sends. */
async function fakeSmtp(): Promise<{ port: number; messages: SmtpMessage[]; close: () => Promise<void> }> {
  const messages: SmtpMessage[] = [];
  const server = net.createServer((socket) => {
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let current: SmtpMessage = { from: "", to: [], data: "" };
    socket.write("220 localhost ESMTP\r\n");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: "", to: [], data: "" };
          socket.write("250 OK queued\r\n");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === "EHLO") socket.write("250-localhost\r\n250 8BITMIME\r\n");
        else if (command === "MAIL") {
          current.from = line;
          socket.write("250 OK\r\n");
        } else if (command === "RCPT") {
          current.to.push(line);
          socket.write("250 OK\r\n");
        } else if (command === "DATA") {
          inData = true;
          socket.write("354 End data with <CR><LF>.<CR><LF>\r\n");
        } else if (command === "QUIT") {
          socket.end("221 Bye\r\n");
          return;
        } else socket.write("250 OK\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const noLimits = {
  emailSentPerHour: 0,
  emailSentPerIpPerHour: 0,
  signInsPer5Min: 0,
  tokenRefreshPer5Min: 0,
  verifyPer5Min: 0,
  otpPer5Min: 0,
  mfaPerMinute: 0,
};

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${++counter}@example.com`;
const PASSWORD = "secret-123";

/** Node 20 has no WebSocket and supabase-js insists on one for realtime, which these tests never open. */
class NoWebSocket {
  constructor() {
    throw new Error("realtime is not used in these tests");
  }
}

describe.each(testDbKinds)("embedded auth server on %s", (kind) => {
  let t: TestDb;
  let main: Running;
  const clock = { offsetMs: 0 };
  const now = () => new Date(Date.now() + clock.offsetMs);
  const extra: Running[] = [];

  const start = async (options: Partial<AuthServerOptions> = {}) => {
    const running = await serve(
      createAuthServer({ getDb: async () => t.db, now, passwordHashCost: 4, rateLimits: noLimits, ...options }),
    );
    extra.push(running);
    return running;
  };

  beforeAll(async () => {
    t = await createTestDb(kind);
    main = await serve(createAuthServer({ getDb: async () => t.db, now, passwordHashCost: 4, rateLimits: noLimits }));
  });
  afterAll(async () => {
    await main?.close();
    for (const running of extra) await running.close();
    await t?.dispose();
  });

  const client = (flowType: "pkce" | "implicit" = "pkce", url = main.url): SupabaseClient =>
    createClient(url, "embedded-anon-key", {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
      realtime: { transport: NoWebSocket as unknown as typeof WebSocket },
    });

  const callback = () => `${main.url}/auth/callback`;

  /** The newest stored email to an address, with its links. */
  async function latestMail(to: string) {
    const [row] = await t.db.select().from(authMail).where(eq(authMail.to, to)).orderBy(desc(authMail.id)).limit(1);
    expect(row, `an email to ${to}`).toBeDefined();
    const [message] = await main.server.listMailbox({ to, limit: 1 });
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
    await main.server.createUser({ email, password, userMetadata: { first_name: "Lena" } });
    const supabase = client();
    const { data, error } = await supabase.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    return { email, supabase, session: data.session! };
  }

  async function rawRequest(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${main.url}/auth/v1${path}`, {
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

  it("signs up with PKCE, confirms through the emailed link and exchanges the code", async () => {
    const email = uniqueEmail("pkce");
    const supabase = client("pkce");
    const { data, error } = await supabase.auth.signUp({
      email,
      password: PASSWORD,
      options: {
        data: { first_name: "Marta", last_name: "Kowalska", firstName: "Marta", lastName: "Kowalska" },
        emailRedirectTo: callback(),
      },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.email_confirmed_at).toBeUndefined();
    expect(data.user!.user_metadata).toMatchObject({ first_name: "Marta", lastName: "Kowalska" });
    expect(data.user!.identities).toHaveLength(1);

    const mail = await latestMail(email);
    expect(mail.kind).toBe("signup");
    expect(mail.subject).toContain("LingoReel");
    expect(mail.text).toContain("Hi Marta,");
    const link = await latestLink(email);
    const linkUrl = new URL(link);
    expect(linkUrl.origin).toBe(main.url);
    expect(linkUrl.searchParams.get("type")).toBe("signup");
    expect(linkUrl.searchParams.get("redirect_to")).toBe(callback());
    // Only a hash of the token is stored.
    const tokens = await t.db.select().from(authOneTimeTokens).where(eq(authOneTimeTokens.relatesTo, email));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).not.toContain(linkUrl.searchParams.get("token")!);

    // A mail scanner's HEAD request does not use the link up.
    expect((await fetch(link, { method: "HEAD", redirect: "manual" })).status).toBe(405);
    const location = await follow(link);
    expect(`${location.origin}${location.pathname}`).toBe(callback());
    const code = location.searchParams.get("code");
    expect(code).toBeTruthy();

    const exchanged = await supabase.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session!.access_token).toBeTruthy();
    expect(exchanged.data.session!.token_type).toBe("bearer");
    expect(exchanged.data.session!.expires_in).toBe(3600);
    expect(exchanged.data.user!.email_confirmed_at).toBeTruthy();
    expect(exchanged.data.user!.user_metadata.first_name).toBe("Marta");

    const { data: got } = await supabase.auth.getUser();
    expect(got.user!.email).toBe(email);

    // A code works once, and only with its verifier.
    const again = await client("pkce").auth.exchangeCodeForSession(code!);
    expect(again.error).not.toBeNull();
    const replay = await rawRequest("POST", "/token?grant_type=pkce", JSON.stringify({ auth_code: code, code_verifier: "x".repeat(43) }));
    expect(replay.status).toBe(404);
    expect(replay.json.code).toBe("flow_state_not_found");

    // The link is used up.
    const reused = await follow(link);
    expect(reused.hash).toContain("error_code=otp_expired");

    const signIn = await client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
  });

  it("rejects a PKCE code with the wrong verifier", async () => {
    const email = uniqueEmail("verifier");
    await client("pkce").auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: callback() } });
    const code = (await follow(await latestLink(email))).searchParams.get("code");
    const response = await rawRequest("POST", "/token?grant_type=pkce", JSON.stringify({ auth_code: code, code_verifier: "y".repeat(50) }));
    expect(response.status).toBe(400);
    expect(response.json.code).toBe("bad_code_verifier");
  });

  it("puts the session in the redirect fragment for the implicit flow", async () => {
    const email = uniqueEmail("implicit");
    const { error } = await client("implicit").auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: callback() } });
    expect(error).toBeNull();
    const link = await latestLink(email);
    expect(new URL(link).searchParams.get("token")).not.toMatch(/^pkce_/);
    const location = await follow(link);
    expect(`${location.origin}${location.pathname}`).toBe(callback());
    expect(location.hash).toMatch(
      /^#access_token=[^&]+&expires_at=\d+&expires_in=3600&refresh_token=[^&]+&token_type=bearer&type=signup$/,
    );
    const fragment = new URLSearchParams(location.hash.slice(1));

    const supabase = client("implicit");
    const { data, error: setError } = await supabase.auth.setSession({
      access_token: fragment.get("access_token")!,
      refresh_token: fragment.get("refresh_token")!,
    });
    expect(setError).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect(data.user!.user_metadata.email_verified).toBe(true);
    const claims = decodeJwt(fragment.get("access_token")!);
    expect(claims.amr).toEqual([expect.objectContaining({ method: "otp" })]);
  });

  it("verifies a token hash with POST /verify", async () => {
    const email = uniqueEmail("token-hash");
    await client("implicit").auth.signUp({ email, password: PASSWORD });
    const tokenHash = new URL(await latestLink(email)).searchParams.get("token")!;
    const supabase = client("implicit");
    const { data, error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type: "signup" });
    expect(error).toBeNull();
    expect(data.session!.access_token).toBeTruthy();
    expect(data.user!.email_confirmed_at).toBeTruthy();
    const again = await client("implicit").auth.verifyOtp({ token_hash: tokenHash, type: "signup" });
    expect(again.error?.code).toBe("otp_expired");
    expect(again.error?.status).toBe(403);
  });

  it("gives no session for the token of a PKCE link on POST /verify", async () => {
    const email = uniqueEmail("pkce-hash");
    const supabase = client("pkce");
    await supabase.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: callback() } });
    const link = await latestLink(email);
    const tokenHash = new URL(link).searchParams.get("token")!;
    expect(tokenHash).toMatch(/^pkce_/);
    for (const type of ["signup", "email"] as const) {
      const { data, error } = await client("implicit").auth.verifyOtp({ token_hash: tokenHash, type });
      expect(error?.code).toBe("otp_expired");
      expect(error?.status).toBe(403);
      expect(data.session).toBeNull();
    }
    // The link still works, and only where the code verifier is.
    const code = (await follow(link)).searchParams.get("code");
    expect((await supabase.auth.exchangeCodeForSession(code!)).error).toBeNull();

    // A PKCE link whose flow state is gone never falls back to a session in the URL.
    const orphan = uniqueEmail("pkce-orphan");
    await client("pkce").auth.signUp({ email: orphan, password: PASSWORD, options: { emailRedirectTo: callback() } });
    const [ott] = await t.db.select().from(authOneTimeTokens).where(eq(authOneTimeTokens.relatesTo, orphan));
    await t.db.delete(authFlowState).where(eq(authFlowState.id, ott!.flowStateId!));
    const orphaned = await follow(await latestLink(orphan));
    expect(orphaned.hash).toContain("error_code=flow_state_not_found");
    expect(orphaned.hash).not.toContain("access_token");
  });

  it("signs in with a password, and says why not", async () => {
    const { email, session } = await signedIn("password");
    expect(session.user.email).toBe(email);
    expect(session.user.last_sign_in_at).toBeTruthy();
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000);

    const wrong = await client().auth.signInWithPassword({ email, password: "not-the-password" });
    expect(wrong.error?.code).toBe("invalid_credentials");
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.message).toBe("Invalid login credentials");

    const unknown = await client().auth.signInWithPassword({ email: uniqueEmail("nobody"), password: PASSWORD });
    expect(unknown.error?.code).toBe("invalid_credentials");

    const unconfirmed = uniqueEmail("unconfirmed");
    await client().auth.signUp({ email: unconfirmed, password: PASSWORD });
    const blocked = await client().auth.signInWithPassword({ email: unconfirmed, password: PASSWORD });
    expect(blocked.error?.code).toBe("email_not_confirmed");
    expect(blocked.error?.status).toBe(400);
    expect(blocked.error?.message).toBe("Email not confirmed");
    // A wrong password says nothing about confirmation.
    const blockedWrong = await client().auth.signInWithPassword({ email: unconfirmed, password: "wrong-password" });
    expect(blockedWrong.error?.code).toBe("invalid_credentials");

    // Email addresses are case-insensitive.
    const shouting = await client().auth.signInWithPassword({ email: email.toUpperCase(), password: PASSWORD });
    expect(shouting.error).toBeNull();
  });

  it("redirects an expired link with otp_expired", async () => {
    const email = uniqueEmail("expired");
    await client("pkce").auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: callback() } });
    const link = await latestLink(email);
    clock.offsetMs = 25 * 3600 * 1000;
    try {
      const location = await follow(link);
      expect(`${location.origin}${location.pathname}`).toBe(callback());
      expect(location.hash).toBe("#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired");
      expect(location.searchParams.get("error")).toBe("access_denied");
      expect(location.searchParams.get("error_code")).toBe("otp_expired");
      expect(location.searchParams.get("error_description")).toBe("Email link is invalid or has expired");
    } finally {
      clock.offsetMs = 0;
    }
  });

  it("applies GoTrue's sign-up rules", async () => {
    const weak = await client().auth.signUp({ email: uniqueEmail("weak"), password: "12345" });
    expect(weak.error?.code).toBe("weak_password");
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.message).toBe("Password should be at least 6 characters.");
    expect((weak.error as { reasons?: string[] }).reasons).toEqual(["length"]);

    const badEmail = await client().auth.signUp({ email: "not-an-email", password: PASSWORD });
    expect(badEmail.error?.code).toBe("validation_failed");
    expect(badEmail.error?.status).toBe(400);

    // An address that is already confirmed gets a look-alike user, nothing is sent.
    const { email } = await signedIn("taken");
    const before = await t.db.select().from(authMail).where(eq(authMail.to, email));
    const taken = await client().auth.signUp({ email, password: "another-password" });
    expect(taken.error).toBeNull();
    expect(taken.data.user!.identities).toEqual([]);
    const [real] = await t.db.select().from(authUsers).where(eq(authUsers.email, email));
    expect(taken.data.user!.id).not.toBe(real!.id);
    expect(await t.db.select().from(authMail).where(eq(authMail.to, email))).toHaveLength(before.length);

    // Links only lead back to the site itself.
    const elsewhere = uniqueEmail("elsewhere");
    await client().auth.signUp({ email: elsewhere, password: PASSWORD, options: { emailRedirectTo: "https://evil.example/steal" } });
    expect(new URL(await latestLink(elsewhere)).searchParams.get("redirect_to")).toBe(main.url);
    const relative = uniqueEmail("relative");
    await client().auth.signUp({ email: relative, password: PASSWORD, options: { emailRedirectTo: "/auth/callback" } });
    expect(new URL(await latestLink(relative)).searchParams.get("redirect_to")).toBe(callback());
    const loopback = uniqueEmail("loopback");
    const sameHostByName = callback().replace("127.0.0.1", "localhost");
    await client().auth.signUp({ email: loopback, password: PASSWORD, options: { emailRedirectTo: sameHostByName } });
    expect(new URL(await latestLink(loopback)).searchParams.get("redirect_to")).toBe(sameHostByName);
  });

  it("lets the newest sign-up of an unconfirmed address set its password and data", async () => {
    const email = uniqueEmail("preregistered");
    // Someone who does not own the mailbox registers it first.
    const first = await client("implicit").auth.signUp({ email, password: "planted-123", options: { data: { first_name: "Mallory" } } });
    expect(first.error).toBeNull();
    const plantedLink = await latestLink(email);

    // Within the minute the owner's sign-up is refused and changes nothing.
    const tooSoon = await client("implicit").auth.signUp({ email, password: "owners-own-456", options: { data: { first_name: "Vera" } } });
    expect(tooSoon.error?.code).toBe("over_email_send_rate_limit");
    expect(await main.server.verifyPassword(email, "planted-123")).toBe(true);

    clock.offsetMs = 61_000;
    try {
      const owner = client("implicit");
      const { data, error } = await owner.auth.signUp({ email, password: "owners-own-456", options: { data: { first_name: "Vera" } } });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      expect(data.user!.identities).toHaveLength(1);
      expect(data.user!.user_metadata).toEqual({ first_name: "Vera" });
      expect(JSON.stringify(data)).not.toContain("Mallory");
      expect((await latestMail(email)).text).toContain("Hi Vera,");

      // The first registrant's link is dead; the owner's confirms the owner's password.
      expect((await follow(plantedLink)).hash).toContain("error_code=otp_expired");
      const location = await follow(await latestLink(email));
      expect(location.hash).toContain("access_token=");
      expect((await client().auth.signInWithPassword({ email, password: "planted-123" })).error?.code).toBe("invalid_credentials");
      const signIn = await client().auth.signInWithPassword({ email, password: "owners-own-456" });
      expect(signIn.error).toBeNull();
      expect(signIn.data.user!.user_metadata).toMatchObject({ first_name: "Vera", email_verified: true });

      // Once confirmed, a further sign-up changes nothing and learns nothing.
      clock.offsetMs = 200_000;
      const late = await client().auth.signUp({ email, password: "too-late-789", options: { data: { first_name: "Eve" } } });
      expect(late.error).toBeNull();
      expect(late.data.user!.identities).toEqual([]);
      expect(late.data.user!.id).not.toBe(signIn.data.user!.id);
      expect(late.data.user!.user_metadata).toEqual({ first_name: "Eve" });
      expect(late.data.user!.created_at).not.toBe(signIn.data.user!.created_at);
      expect(await main.server.verifyPassword(email, "owners-own-456")).toBe(true);
    } finally {
      clock.offsetMs = 0;
    }
  });

  it("rotates refresh tokens and ends the session when an old one is reused", async () => {
    const { supabase, session } = await signedIn("refresh");
    const first = session.refresh_token;

    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!.refresh_token;
    expect(second).not.toBe(first);
    expect(refreshed.data.session!.access_token).not.toBe(session.access_token);
    expect(decodeJwt(refreshed.data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);

    // Within the reuse interval the old token yields the current one.
    const retry = await client().auth.refreshSession({ refresh_token: first });
    expect(retry.error).toBeNull();
    expect(retry.data.session!.refresh_token).toBe(second);

    // Later, reuse means the token leaked: the session ends.
    clock.offsetMs = 11_000;
    try {
      const reuse = await client().auth.refreshSession({ refresh_token: first });
      expect(reuse.error?.code).toBe("refresh_token_already_used");
      expect(reuse.error?.status).toBe(400);
      expect(reuse.error?.message).toBe("Invalid Refresh Token: Already Used");
      const current = await client().auth.refreshSession({ refresh_token: second });
      expect(current.error?.code).toBe("refresh_token_not_found");
      const user = await rawRequest("GET", "/user", undefined, { Authorization: `Bearer ${refreshed.data.session!.access_token}` });
      expect(user.status).toBe(403);
      expect(user.json.code).toBe("session_not_found");
    } finally {
      clock.offsetMs = 0;
    }

    const unknown = await client().auth.refreshSession({ refresh_token: "no-such-token" });
    expect(unknown.error?.code).toBe("refresh_token_not_found");
    expect(unknown.error?.message).toBe("Invalid Refresh Token: Refresh Token Not Found");
  });

  it("signs out locally, others or everywhere", async () => {
    const email = uniqueEmail("logout");
    await main.server.createUser({ email, password: PASSWORD });
    const devices = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const supabase = client();
        const { data } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
        return { supabase, session: data.session! };
      }),
    );
    const [a, b, c, d] = devices as [(typeof devices)[0], (typeof devices)[0], (typeof devices)[0], (typeof devices)[0]];
    const userWith = (token: string) => rawRequest("GET", "/user", undefined, { Authorization: `Bearer ${token}` });

    expect((await a.supabase.auth.signOut({ scope: "local" })).error).toBeNull();
    expect((await userWith(a.session.access_token)).json.code).toBe("session_not_found");
    expect((await userWith(b.session.access_token)).status).toBe(200);
    const { data: afterLocal } = await a.supabase.auth.getSession();
    expect(afterLocal.session).toBeNull();

    expect((await b.supabase.auth.signOut({ scope: "others" })).error).toBeNull();
    expect((await userWith(b.session.access_token)).status).toBe(200);
    expect((await userWith(c.session.access_token)).json.code).toBe("session_not_found");
    const cUser = await c.supabase.auth.getUser();
    expect(cUser.error?.name).toBe("AuthSessionMissingError");

    const e = client();
    await e.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await e.auth.signOut()).error).toBeNull();
    expect((await userWith(b.session.access_token)).json.code).toBe("session_not_found");
    const dRefresh = await client().auth.refreshSession({ refresh_token: d.session.refresh_token });
    expect(dRefresh.error?.code).toBe("refresh_token_not_found");

    const logoutWithoutToken = await rawRequest("POST", "/logout");
    expect(logoutWithoutToken.status).toBe(401);
    expect(logoutWithoutToken.json.code).toBe("no_authorization");
  });

  it("reads and updates the user: data, password, email", async () => {
    const { email, supabase } = await signedIn("update");
    const other = client();
    await other.auth.signInWithPassword({ email, password: PASSWORD });

    const got = await supabase.auth.getUser();
    expect(got.data.user!.email).toBe(email);
    expect(got.data.user!.app_metadata).toEqual({ provider: "email", providers: ["email"] });
    expect(got.data.user!.role).toBe("authenticated");
    expect(got.data.user!.aud).toBe("authenticated");

    const data = await supabase.auth.updateUser({ data: { last_name: "Schmidt", first_name: "Lena" } });
    expect(data.error).toBeNull();
    expect(data.data.user!.user_metadata).toMatchObject({ first_name: "Lena", last_name: "Schmidt" });
    const removed = await supabase.auth.updateUser({ data: { last_name: null } });
    expect(removed.data.user!.user_metadata).toEqual({ first_name: "Lena", email_verified: true });

    // A recovery link sent before a password change stops working with it.
    await client().auth.resetPasswordForEmail(email, { redirectTo: `${main.url}/reset-password` });
    const staleRecovery = await latestLink(email);

    const same = await supabase.auth.updateUser({ password: PASSWORD });
    expect(same.error?.code).toBe("same_password");
    expect(same.error?.status).toBe(422);
    const weak = await supabase.auth.updateUser({ password: "abc" });
    expect(weak.error?.code).toBe("weak_password");

    const changed = await supabase.auth.updateUser({ password: "new-secret-456" });
    expect(changed.error).toBeNull();
    expect((await follow(staleRecovery)).hash).toContain("error_code=otp_expired");
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe("invalid_credentials");
    expect((await client().auth.signInWithPassword({ email, password: "new-secret-456" })).error).toBeNull();
    // Other devices are signed out by a password change; this one stays.
    expect((await other.auth.getUser()).error).not.toBeNull();
    expect((await supabase.auth.getUser()).error).toBeNull();

    const newEmail = uniqueEmail("moved");
    const { email: takenEmail } = await signedIn("occupied");
    const conflict = await supabase.auth.updateUser({ email: takenEmail });
    expect(conflict.error?.code).toBe("email_exists");
    expect(conflict.error?.status).toBe(422);

    // supabase-js drops its PKCE verifier as soon as updateUser saves the session, so an email
    // change is confirmed through the implicit flow.
    const implicit = client("implicit");
    const { session: current } = (await supabase.auth.getSession()).data;
    await implicit.auth.setSession({ access_token: current!.access_token, refresh_token: current!.refresh_token });
    const requested = await implicit.auth.updateUser({ email: newEmail }, { emailRedirectTo: `${main.url}/settings` });
    expect(requested.error).toBeNull();
    expect(requested.data.user!.email).toBe(email);
    expect(requested.data.user!.new_email).toBe(newEmail);
    expect(requested.data.user!.email_change_sent_at).toBeTruthy();
    const mail = await latestMail(newEmail);
    expect(mail.kind).toBe("email_change");
    expect(mail.subject).toBe("Confirm your new LingoReel email address");
    const location = await follow(await latestLink(newEmail));
    expect(location.pathname).toBe("/settings");
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("type")).toBe("email_change");
    const { data: confirmed } = await client("implicit").auth.getUser(fragment.get("access_token")!);
    expect(confirmed.user!.email).toBe(newEmail);
    expect(confirmed.user!.new_email).toBeUndefined();
    expect((await client().auth.signInWithPassword({ email: newEmail, password: "new-secret-456" })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: "new-secret-456" })).error?.code).toBe("invalid_credentials");

    const anonymous = await rawRequest("GET", "/user");
    expect(anonymous.status).toBe(401);
    const garbage = await rawRequest("GET", "/user", undefined, { Authorization: "Bearer not.a.jwt" });
    expect(garbage.status).toBe(403);
    expect(garbage.json.code).toBe("bad_jwt");
  });

  it("asks for aal2 before a user with a second factor changes email or password", async () => {
    const { supabase, email } = await signedIn("aal-update");
    const { data: factor } = await supabase.auth.mfa.enroll({ factorType: "totp" });
    const totp = new TOTP({ secret: Secret.fromBase32(factor!.totp.secret) });
    const challenge = (await supabase.auth.mfa.challenge({ factorId: factor!.id })).data!;
    expect((await supabase.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge.id, code: totp.generate() })).error).toBeNull();

    // A password alone (a stolen password, or a session taken over at aal1) is not enough.
    const aal1 = client();
    await aal1.auth.signInWithPassword({ email, password: PASSWORD });
    const password = await aal1.auth.updateUser({ password: "taken-over-1" });
    expect(password.error?.code).toBe("insufficient_aal");
    expect(password.error?.status).toBe(401);
    expect(password.error?.message).toBe("AAL2 session is required to update email or password when MFA is enabled.");
    const moved = await aal1.auth.updateUser({ email: uniqueEmail("attacker") });
    expect(moved.error?.code).toBe("insufficient_aal");
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    // Everything else stays allowed at aal1, the unchanged address included.
    expect((await aal1.auth.updateUser({ data: { nickname: "L" } })).error).toBeNull();
    expect((await aal1.auth.updateUser({ email: email.toUpperCase() })).error).toBeNull();

    // At aal2 the password changes, and every other session ends, tokens and all.
    const { data: others } = await aal1.auth.getSession();
    const changed = await supabase.auth.updateUser({ password: "changed-with-aal2" });
    expect(changed.error).toBeNull();
    expect((await aal1.auth.getUser()).error).not.toBeNull();
    expect((await client().auth.refreshSession({ refresh_token: others.session!.refresh_token })).error?.code).toBe("refresh_token_not_found");
    expect((await supabase.auth.getUser()).error).toBeNull();
  });

  it("tells the current address when the email is about to change", async () => {
    const { supabase, email } = await signedIn("notice");
    const newEmail = uniqueEmail("notice-new");
    const { error } = await supabase.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    const notice = await latestMail(email);
    expect(notice.kind).toBe("email_change_notice");
    expect(notice.subject).toBe("Your LingoReel email address is changing");
    expect(notice.text).toContain(`Your email is changing to ${newEmail}.`);
    expect(notice.text).toContain("Hi Lena,");
    expect(notice.links).toEqual([]);
    expect((await latestMail(newEmail)).kind).toBe("email_change");

    // Over SMTP the notice goes out first; when it cannot, the change does not go ahead.
    const smtp = await fakeSmtp();
    try {
      const from = "LingoReel <no-reply@lingoreel.test>";
      const delivering = await start({ smtp: { url: `smtp://127.0.0.1:${smtp.port}`, from } });
      const owner = uniqueEmail("notice-smtp");
      await delivering.server.createUser({ email: owner, password: PASSWORD });
      const viaSmtp = client("implicit", delivering.url);
      await viaSmtp.auth.signInWithPassword({ email: owner, password: PASSWORD });
      const target = uniqueEmail("notice-smtp-new");
      expect((await viaSmtp.auth.updateUser({ email: target })).error).toBeNull();
      expect(smtp.messages.map((m) => m.to.join())).toEqual([expect.stringContaining(owner), expect.stringContaining(target)]);
      expect(smtp.messages[0]!.data).toContain("Subject: Your LingoReel email address is changing");

      const broken = await start({ smtp: { url: "smtp://127.0.0.1:1", from }, logError: () => {} });
      const stuck = uniqueEmail("notice-down");
      await broken.server.createUser({ email: stuck, password: PASSWORD });
      const viaBroken = client("implicit", broken.url);
      await viaBroken.auth.signInWithPassword({ email: stuck, password: PASSWORD });
      const failed = await viaBroken.auth.updateUser({ email: uniqueEmail("notice-down-new") });
      expect(failed.error?.status).toBe(500);
      const { data: after } = await viaBroken.auth.getUser();
      expect(after.user!.new_email).toBeUndefined();
      const [row] = await t.db.select().from(authUsers).where(eq(authUsers.email, stuck));
      expect(await t.db.select().from(authOneTimeTokens).where(eq(authOneTimeTokens.userId, row!.id))).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it("resets a password through the recovery link", async () => {
    const { email } = await signedIn("recover");
    const supabase = client("pkce");
    const sent = await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${main.url}/reset-password` });
    expect(sent.error).toBeNull();
    const mail = await latestMail(email);
    expect(mail.kind).toBe("recovery");
    expect(mail.subject).toBe("Reset your LingoReel password");

    const again = await client("pkce").auth.resetPasswordForEmail(email, { redirectTo: `${main.url}/reset-password` });
    expect(again.error?.code).toBe("over_email_send_rate_limit");
    expect(again.error?.status).toBe(429);
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);

    const location = await follow(await latestLink(email));
    expect(location.pathname).toBe("/reset-password");
    const exchanged = await supabase.auth.exchangeCodeForSession(location.searchParams.get("code")!);
    expect(exchanged.error).toBeNull();
    // supabase-js reports the recovery (its types omit the field).
    expect((exchanged.data as { redirectType?: string }).redirectType).toBe("recovery");
    expect(decodeJwt(exchanged.data.session!.access_token).amr).toEqual([expect.objectContaining({ method: "recovery" })]);
    expect((await supabase.auth.updateUser({ password: "recovered-789" })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: "recovered-789" })).error).toBeNull();

    // Unknown addresses look the same from outside.
    const unknown = await client().auth.resetPasswordForEmail(uniqueEmail("ghost"));
    expect(unknown.error).toBeNull();
  });

  it("resends the confirmation email, at most once a minute", async () => {
    const email = uniqueEmail("resend");
    const supabase = client("pkce");
    await supabase.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: callback() } });
    const firstLink = await latestLink(email);

    const tooSoon = await supabase.auth.resend({ type: "signup", email, options: { emailRedirectTo: callback() } });
    expect(tooSoon.error?.code).toBe("over_email_send_rate_limit");
    expect(tooSoon.error?.status).toBe(429);
    expect(tooSoon.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);

    clock.offsetMs = 61_000;
    try {
      const resent = await supabase.auth.resend({ type: "signup", email, options: { emailRedirectTo: callback() } });
      expect(resent.error).toBeNull();
      const secondLink = await latestLink(email);
      expect(secondLink).not.toBe(firstLink);
      // The fresh link replaces the old one.
      expect((await follow(firstLink)).hash).toContain("error_code=otp_expired");
      const code = (await follow(secondLink)).searchParams.get("code");
      expect((await supabase.auth.exchangeCodeForSession(code!)).error).toBeNull();
    } finally {
      clock.offsetMs = 0;
    }

    // Nothing to resend: confirmed or unknown addresses get an empty success.
    expect((await client().auth.resend({ type: "signup", email })).error).toBeNull();
    expect((await client().auth.resend({ type: "signup", email: uniqueEmail("unknown") })).error).toBeNull();
    const badType = await rawRequest("POST", "/resend", JSON.stringify({ type: "bogus", email }));
    expect(badType.status).toBe(400);
    expect(badType.json.code).toBe("validation_failed");
  });

  it("enrolls, challenges and verifies a TOTP factor up to aal2, then unenrolls it", async () => {
    const { supabase, email } = await signedIn("mfa");
    const bystander = client();
    await bystander.auth.signInWithPassword({ email, password: PASSWORD });

    const before = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });

    const enrolled = await supabase.auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone app" });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.type).toBe("totp");
    expect(factor.friendly_name).toBe("Phone app");
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);

    const duplicate = await supabase.auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone app" });
    expect(duplicate.error?.code).toBe("mfa_factor_name_conflict");

    const listedBefore = await supabase.auth.mfa.listFactors();
    expect(listedBefore.data!.all.map((f) => f.id)).toContain(factor.id);
    expect(listedBefore.data!.totp).toHaveLength(0);

    const challenge = await supabase.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data!.type).toBe("totp");
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000);

    const wrongCode = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: "000000" });
    expect(wrongCode.error?.code).toBe("mfa_verification_failed");
    expect(wrongCode.error?.status).toBe(422);

    const code = new TOTP({ secret: Secret.fromBase32(factor.totp.secret) }).generate();
    const verified = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code });
    expect(verified.error).toBeNull();
    const claims = decodeJwt(verified.data!.access_token);
    expect(claims.aal).toBe("aal2");
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(expect.arrayContaining(["totp", "password"]));

    const level = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    const listed = await supabase.auth.mfa.listFactors();
    expect(listed.data!.totp.map((f) => f.id)).toEqual([factor.id]);
    expect(listed.data!.totp[0]!.status).toBe("verified");

    // A used challenge cannot be replayed; sessions without the second factor were ended.
    const replay = await supabase.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code });
    expect(replay.error?.code).toBe("mfa_challenge_expired");
    expect((await bystander.auth.getUser()).error).not.toBeNull();

    // A fresh password sign-in is aal1 and wants aal2.
    const fresh = client();
    await fresh.auth.signInWithPassword({ email, password: PASSWORD });
    const freshLevel = await fresh.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(freshLevel.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    const notAllowed = await fresh.auth.mfa.unenroll({ factorId: factor.id });
    expect(notAllowed.error?.code).toBe("insufficient_aal");

    // The refreshed aal2 session keeps its level.
    const refreshed = await supabase.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe("aal2");

    const unknownFactor = await supabase.auth.mfa.challenge({ factorId: crypto.randomUUID() });
    expect(unknownFactor.error?.code).toBe("mfa_factor_not_found");
    expect(unknownFactor.error?.status).toBe(404);

    const unenrolled = await supabase.auth.mfa.unenroll({ factorId: factor.id });
    expect(unenrolled.error).toBeNull();
    expect(unenrolled.data).toEqual({ id: factor.id });
    const afterwards = await supabase.auth.mfa.listFactors();
    expect(afterwards.data!.all).toHaveLength(0);
  });

  it("accepts each TOTP code once, even on another challenge or in a race", async () => {
    const { supabase, session } = await signedIn("totp-replay");
    const { data: factor } = await supabase.auth.mfa.enroll({ factorType: "totp" });
    const totp = new TOTP({ secret: Secret.fromBase32(factor!.totp.secret) });
    const codeAt = (offsetMs: number) => totp.generate({ timestamp: now().getTime() + offsetMs });
    const code = codeAt(0);
    const first = (await supabase.auth.mfa.challenge({ factorId: factor!.id })).data!;
    expect((await supabase.auth.mfa.verify({ factorId: factor!.id, challengeId: first.id, code })).error).toBeNull();

    // An attacker who saw the code cannot use it on a challenge of their own.
    const thief = client();
    await thief.auth.signInWithPassword({ email: session.user.email!, password: PASSWORD });
    const stolen = (await thief.auth.mfa.challenge({ factorId: factor!.id })).data!;
    const replay = await thief.auth.mfa.verify({ factorId: factor!.id, challengeId: stolen.id, code });
    expect(replay.error?.code).toBe("mfa_verification_failed");
    expect(replay.error?.status).toBe(422);
    // Nor the code of the step before, which the window would otherwise still accept.
    const previous = await thief.auth.mfa.verify({ factorId: factor!.id, challengeId: stolen.id, code: codeAt(-30_000) });
    expect(previous.error?.code).toBe("mfa_verification_failed");
    // The challenge survives wrong codes, and the next step's code works.
    clock.offsetMs = 30_000;
    try {
      const next = await thief.auth.mfa.verify({ factorId: factor!.id, challengeId: stolen.id, code: codeAt(0) });
      expect(next.error).toBeNull();
    } finally {
      clock.offsetMs = 0;
    }

    // Two requests racing with one fresh code: exactly one wins.
    clock.offsetMs = 60_000;
    try {
      const { data: current } = await supabase.auth.getSession();
      const auth = { Authorization: `Bearer ${current.session!.access_token}` };
      const challenges = await Promise.all([0, 1].map(async () => (await rawRequest("POST", `/factors/${factor!.id}/challenge`, "{}", auth)).json.id));
      const fresh = codeAt(0);
      const raced = await Promise.all(
        [challenges[0], challenges[0], challenges[1]].map((challengeId) =>
          rawRequest("POST", `/factors/${factor!.id}/verify`, JSON.stringify({ challenge_id: challengeId, code: fresh }), auth),
        ),
      );
      expect(raced.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    } finally {
      clock.offsetMs = 0;
    }
  });

  it("issues ES256 tokens that getClaims and a remote JWKS verify", async () => {
    const { supabase, session, email } = await signedIn("claims");
    const header = decodeProtectedHeader(session.access_token);
    expect(header.alg).toBe("ES256");
    expect(header.kid).toBeTruthy();

    const { data, error } = await supabase.auth.getClaims();
    expect(error).toBeNull();
    expect(data!.claims.email).toBe(email);

    const jwks = createRemoteJWKSet(new URL(`${main.url}/auth/v1/.well-known/jwks.json`));
    const { payload } = await jwtVerify(session.access_token, jwks, {
      issuer: `${main.url}/auth/v1`,
      audience: "authenticated",
    });
    expect(payload).toMatchObject({
      sub: session.user.id,
      aud: "authenticated",
      role: "authenticated",
      email,
      phone: "",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { first_name: "Lena" },
      aal: "aal1",
      is_anonymous: false,
      iss: `${main.url}/auth/v1`,
    });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(payload.session_id).toBeTruthy();
    expect(payload.amr).toEqual([expect.objectContaining({ method: "password" })]);

    // The key is stored: a second server (a restart, another instance) verifies the same tokens.
    const restarted = await start();
    const viaRestart = await client("pkce", restarted.url).auth.getUser(session.access_token);
    expect(viaRestart.error).toBeNull();
    expect((await restarted.server.getPublicJwks()).keys.map((k) => k.kid)).toContain(header.kid);

    const tampered = `${session.access_token.slice(0, -4)}AAAA`;
    const bad = await supabase.auth.getClaims(tampered);
    expect(bad.error).not.toBeNull();
    const badUser = await rawRequest("GET", "/user", undefined, { Authorization: `Bearer ${tampered}` });
    expect(badUser.json.code).toBe("bad_jwt");
  });

  it("rate-limits like GoTrue", async () => {
    const limited = await start({ rateLimits: { ...noLimits, signInsPer5Min: 3 } });
    const { email } = await signedIn("limited");
    const supabase = client("pkce", limited.url);
    for (let i = 0; i < 3; i++) {
      expect((await supabase.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    }
    const blocked = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    expect(blocked.error?.code).toBe("over_request_rate_limit");
    expect(blocked.error?.status).toBe(429);
    expect(blocked.error?.message).toBe("Request rate limit reached");
    const signupBlocked = await supabase.auth.signUp({ email: uniqueEmail("limited"), password: PASSWORD });
    expect(signupBlocked.error?.code).toBe("over_request_rate_limit");
    // Another address has its own budget.
    const elsewhere = await fetch(`${limited.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.9" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(elsewhere.status).toBe(200);

    const fewEmails = await start({ rateLimits: { ...noLimits, emailSentPerHour: 1 } });
    const mailer = client("pkce", fewEmails.url);
    expect((await mailer.auth.signUp({ email: uniqueEmail("mail-1"), password: PASSWORD })).error).toBeNull();
    const capped = await mailer.auth.signUp({ email: uniqueEmail("mail-2"), password: PASSWORD });
    expect(capped.error?.code).toBe("over_email_send_rate_limit");
    expect(capped.error?.status).toBe(429);
    expect(capped.error?.message).toBe("Email rate limit exceeded");

    const refreshes = await start({ rateLimits: { ...noLimits, tokenRefreshPer5Min: 1 } });
    const { session } = await signedIn("refresh-limit");
    const refresher = client("pkce", refreshes.url);
    const one = await refresher.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(one.error).toBeNull();
    const two = await refresher.auth.refreshSession({ refresh_token: one.data.session!.refresh_token });
    expect(two.error?.code).toBe("over_request_rate_limit");
  });

  /** A JSON POST to a server as if a proxy had forwarded it with this X-Forwarded-For. */
  async function postFrom(running: Running, path: string, body: unknown, forwardedFor: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${running.url}/auth/v1${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor, ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  }

  it("limits by the address the nearest proxy saw, not the one the client wrote", async () => {
    const limited = await start({ rateLimits: { ...noLimits, signInsPer5Min: 3 } });
    const { email } = await signedIn("forwarded");
    // The client prepends a different address each time; the proxy appends the real one.
    for (let i = 0; i < 3; i++) {
      const ok = await postFrom(limited, "/token?grant_type=password", { email, password: PASSWORD }, `10.9.9.${i}, 198.51.100.7`);
      expect(ok.status).toBe(200);
    }
    const blocked = await postFrom(limited, "/token?grant_type=password", { email, password: PASSWORD }, "10.9.9.99, 198.51.100.7");
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe("over_request_rate_limit");
    const other = await postFrom(limited, "/token?grant_type=password", { email, password: PASSWORD }, "10.9.9.0, 198.51.100.8");
    expect(other.status).toBe(200);
  });

  it("caps failed password sign-ins per account, whatever the IP", async () => {
    const guarded = await start({ rateLimits: { ...noLimits, failedSignInsPerEmailPer5Min: 10 } });
    const { email } = await signedIn("guessed");
    const { email: bystander } = await signedIn("bystander");
    for (let i = 0; i < 10; i++) {
      const wrong = await postFrom(guarded, "/token?grant_type=password", { email, password: `guess-${i}` }, `203.0.113.${i}`);
      expect(wrong.json.code).toBe("invalid_credentials");
    }
    // Even the right password waits now, so the cap cannot be used to confirm a guess.
    const locked = await postFrom(guarded, "/token?grant_type=password", { email: email.toUpperCase(), password: PASSWORD }, "203.0.113.50");
    expect(locked.status).toBe(429);
    expect(locked.json).toMatchObject({ code: "over_request_rate_limit", message: "Request rate limit reached" });
    expect((await postFrom(guarded, "/token?grant_type=password", { email: bystander, password: PASSWORD }, "203.0.113.1")).status).toBe(200);
    // Unknown addresses count the same way, so the cap does not tell who is registered.
    const ghost = uniqueEmail("ghost-guess");
    for (let i = 0; i < 10; i++) await postFrom(guarded, "/token?grant_type=password", { email: ghost, password: `guess-${i}` }, "203.0.113.60");
    expect((await postFrom(guarded, "/token?grant_type=password", { email: ghost, password: "x" }, "203.0.113.61")).status).toBe(429);
    clock.offsetMs = 300_000;
    try {
      expect((await postFrom(guarded, "/token?grant_type=password", { email, password: PASSWORD }, "203.0.113.50")).status).toBe(200);
    } finally {
      clock.offsetMs = 0;
    }
  });

  it("caps failed TOTP codes per challenge and per factor", async () => {
    const { supabase } = await signedIn("totp-guess");
    const { data: factor } = await supabase.auth.mfa.enroll({ factorType: "totp" });
    const totp = new TOTP({ secret: Secret.fromBase32(factor!.totp.secret) });
    const wrongCode = () => {
      const right = totp.generate({ timestamp: now().getTime() });
      return String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");
    };
    const first = (await supabase.auth.mfa.challenge({ factorId: factor!.id })).data!;
    for (let i = 0; i < 5; i++) {
      const wrong = await supabase.auth.mfa.verify({ factorId: factor!.id, challengeId: first.id, code: wrongCode() });
      expect(wrong.error?.code).toBe("mfa_verification_failed");
    }
    const spent = await supabase.auth.mfa.verify({ factorId: factor!.id, challengeId: first.id, code: totp.generate({ timestamp: now().getTime() }) });
    expect(spent.error?.code).toBe("mfa_challenge_expired");

    const second = (await supabase.auth.mfa.challenge({ factorId: factor!.id })).data!;
    for (let i = 0; i < 5; i++) {
      const wrong = await supabase.auth.mfa.verify({ factorId: factor!.id, challengeId: second.id, code: wrongCode() });
      expect(wrong.error?.code).toBe("mfa_verification_failed");
    }
    const third = (await supabase.auth.mfa.challenge({ factorId: factor!.id })).data!;
    const capped = await supabase.auth.mfa.verify({ factorId: factor!.id, challengeId: third.id, code: totp.generate({ timestamp: now().getTime() }) });
    expect(capped.error?.code).toBe("over_request_rate_limit");
    expect(capped.error?.status).toBe(429);

    clock.offsetMs = 300_000;
    try {
      const fresh = (await supabase.auth.mfa.challenge({ factorId: factor!.id })).data!;
      const ok = await supabase.auth.mfa.verify({ factorId: factor!.id, challengeId: fresh.id, code: totp.generate({ timestamp: now().getTime() }) });
      expect(ok.error).toBeNull();
    } finally {
      clock.offsetMs = 0;
    }
  });

  it("answers unknown addresses and early refusals no faster than a wrong password", async () => {
    // A real bcrypt cost, so that one comparison dwarfs the rest of a request.
    const slow = await start({ passwordHashCost: 10 });
    const email = uniqueEmail("timing");
    await slow.server.createUser({ email, password: PASSWORD });
    const timed = async (path: string, body: unknown) => {
      const startedAt = performance.now();
      const response = await postFrom(slow, path, body, "198.51.100.30");
      return { ms: performance.now() - startedAt, ...response };
    };
    await timed("/token?grant_type=password", { email, password: "warm-up-1" });
    // Other test files share the CPU: the fastest of a few wrong-password answers is the yardstick.
    const wrong = { ms: Number.POSITIVE_INFINITY };
    for (let i = 0; i < 3; i++) {
      const sample = await timed("/token?grant_type=password", { email, password: `wrong-password-${i}` });
      expect(sample.json.code).toBe("invalid_credentials");
      wrong.ms = Math.min(wrong.ms, sample.ms);
    }
    const probes = [
      await timed("/token?grant_type=password", { email: uniqueEmail("nobody"), password: "wrong-password" }),
      await timed("/token?grant_type=password", { email, password: "" }),
      await timed("/token?grant_type=password", { email }),
      await timed("/token?grant_type=password", { email, password: "p".repeat(100) }),
    ];
    for (const probe of probes) {
      expect(probe.json.code).toBe("invalid_credentials");
      expect(probe.ms).toBeGreaterThan(wrong.ms * 0.4);
    }
    expect(await slow.server.verifyPassword(email, "")).toBe(false);

    // Signing up with a registered address costs the same hashing as a new one.
    const fresh = { ms: Number.POSITIVE_INFINITY };
    for (let i = 0; i < 2; i++) {
      const sample = await timed("/signup", { email: uniqueEmail("timing-new"), password: PASSWORD });
      expect(sample.status).toBe(200);
      fresh.ms = Math.min(fresh.ms, sample.ms);
    }
    const taken = await timed("/signup", { email, password: PASSWORD });
    expect(taken.status).toBe(200);
    expect(taken.ms).toBeGreaterThan(fresh.ms * 0.4);
  });

  it("caps emails per recipient and per client before the server-wide cap", async () => {
    const perAddress = await start({ rateLimits: { ...noLimits, emailMaxFrequencySeconds: 0, emailSentPerAddressPerHour: 5 } });
    const { email } = await signedIn("mail-target");
    for (let i = 0; i < 5; i++) {
      expect((await postFrom(perAddress, "/recover", { email }, `192.0.2.${i}`)).status).toBe(200);
    }
    const sixth = await postFrom(perAddress, "/recover", { email }, "192.0.2.77");
    expect(sixth.status).toBe(429);
    expect(sixth.json).toMatchObject({ code: "over_email_send_rate_limit", message: "Email rate limit exceeded" });
    const signupResends = uniqueEmail("mail-resend");
    expect((await postFrom(perAddress, "/signup", { email: signupResends, password: PASSWORD }, "192.0.2.1")).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await postFrom(perAddress, "/resend", { type: "signup", email: signupResends }, `192.0.2.${i}`)).status).toBe(200);
    }
    expect((await postFrom(perAddress, "/resend", { type: "signup", email: signupResends }, "192.0.2.9")).json.code).toBe(
      "over_email_send_rate_limit",
    );

    // A client over its own share does not eat into the budget everybody shares.
    const shared = await start({
      rateLimits: { ...noLimits, emailMaxFrequencySeconds: 0, emailSentPerHour: 3, emailSentPerIpPerHour: 2, emailSentPerAddressPerHour: 1 },
    });
    const targets = await Promise.all([0, 1, 2].map(async (i) => (await signedIn(`shared-${i}`)).email));
    expect((await postFrom(shared, "/recover", { email: targets[0] }, "198.51.100.20")).status).toBe(200);
    expect((await postFrom(shared, "/recover", { email: targets[0] }, "198.51.100.20")).status).toBe(429);
    expect((await postFrom(shared, "/recover", { email: targets[1] }, "198.51.100.20")).status).toBe(200);
    expect((await postFrom(shared, "/recover", { email: targets[2] }, "198.51.100.20")).status).toBe(429);
    expect((await postFrom(shared, "/recover", { email: targets[2] }, "198.51.100.21")).status).toBe(200);
  });

  it("delivers email over SMTP when configured and reports a failed delivery", async () => {
    const smtp = await fakeSmtp();
    try {
      const from = "LingoReel <no-reply@lingoreel.test>";
      const withSmtp = await start({ smtp: { url: `smtp://127.0.0.1:${smtp.port}`, from } });
      const email = uniqueEmail("smtp");
      const { error } = await client("pkce", withSmtp.url).auth.signUp({ email, password: PASSWORD });
      expect(error).toBeNull();
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]!.to.join()).toContain(email);
      expect(smtp.messages[0]!.from).toContain("no-reply@lingoreel.test");
      expect(smtp.messages[0]!.data).toContain("Subject: Confirm your LingoReel account");
      // The mailbox keeps a copy.
      expect((await latestMail(email)).kind).toBe("signup");

      const logged: string[] = [];
      const broken = await start({ smtp: { url: "smtp://127.0.0.1:1", from }, logError: (message) => logged.push(message) });
      const unlucky = uniqueEmail("smtp-down");
      const failed = await client("pkce", broken.url).auth.signUp({ email: unlucky, password: PASSWORD });
      expect(failed.error?.status).toBe(500);
      expect(logged).toEqual(["could not send the signup email"]);
      // The user may ask again straight away.
      const [user] = await t.db.select().from(authUsers).where(eq(authUsers.email, unlucky));
      expect(user!.confirmationSentAt).toBeNull();
      const retry = await client("pkce", withSmtp.url).auth.resend({ type: "signup", email: unlucky });
      expect(retry.error).toBeNull();
      expect(smtp.messages).toHaveLength(2);
    } finally {
      await smtp.close();
    }
  });

  it("never answers bad input with a 500", async () => {
    const { session } = await signedIn("fuzz");
    const auth = { Authorization: `Bearer ${session.access_token}` };
    const targets: [string, string, Record<string, string>][] = [
      ["POST", "/signup", {}],
      ["POST", "/token?grant_type=password", {}],
      ["POST", "/token?grant_type=refresh_token", {}],
      ["POST", "/token?grant_type=pkce", {}],
      ["POST", "/token", {}],
      ["POST", "/recover", {}],
      ["POST", "/resend", {}],
      ["POST", "/verify", {}],
      ["PUT", "/user", auth],
      ["POST", "/factors", auth],
      ["POST", `/factors/${crypto.randomUUID()}/verify`, auth],
      ["POST", "/factors/not-a-uuid/challenge", auth],
      ["POST", "/logout?scope=sideways", auth],
    ];
    const bodies = [
      "",
      "{",
      "null",
      "[]",
      '"text"',
      "42",
      "{}",
      '{"email": 5, "password": true}',
      '{"email": ["a@b.c"], "data": "nope", "refresh_token": {}, "auth_code": 1, "code_verifier": [], "type": 7}',
      '{"email": "a@b.c", "password": "x", "data": [1, 2]}',
      '{"email": "not an email", "password": "secret-123", "code_challenge": "short", "code_challenge_method": "md5"}',
      '{"token_hash": "x", "type": "nonsense"}',
      '{"factor_type": "sms", "challenge_id": "nope", "code": 12}',
      `{"email": "${"a".repeat(300)}@example.com", "password": "${"p".repeat(100)}"}`,
    ];
    for (const [method, path, headers] of targets) {
      for (const body of bodies) {
        const response = await rawRequest(method, path, body, headers);
        expect(response.status, `${method} ${path} with ${body}`).toBeLessThan(500);
        expect(response.headers.get("x-supabase-api-version")).toBe("2024-01-01");
        if (response.status < 400) continue;
        expect(typeof response.json.code, `${method} ${path} with ${body}`).toBe("string");
        expect(response.json.message).toBe(response.json.msg);
        expect(response.json.error_code).toBe(response.json.code);
      }
    }

    const malformed = await rawRequest("POST", "/signup", "{");
    expect(malformed.status).toBe(400);
    expect(malformed.json.code).toBe("bad_json");
    const wrongTypes = await rawRequest("POST", "/token?grant_type=password", '{"email": 5}');
    expect(wrongTypes.json.code).toBe("bad_json");
    const missing = await rawRequest("POST", "/signup", '{"email": "x@example.com"}');
    expect(missing.json).toMatchObject({ code: "validation_failed", message: "Signup requires a valid password" });
    const grant = await rawRequest("POST", "/token?grant_type=magic", "{}");
    expect(grant.json.code).toBe("validation_failed");

    const unknown = await rawRequest("GET", "/nowhere");
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe("not_found");
    const wrongMethod = await rawRequest("DELETE", "/signup");
    expect(wrongMethod.status).toBe(405);

    // GET /verify always redirects, even without parameters.
    const bare = await fetch(`${main.url}/auth/v1/verify`, { redirect: "manual" });
    expect(bare.status).toBe(303);
    expect(bare.headers.get("location")).toContain("error_code=validation_failed");
    const badType = await fetch(`${main.url}/auth/v1/verify?token=abc&type=weird&redirect_to=https://evil.example`, { redirect: "manual" });
    expect(badType.headers.get("location")!.startsWith(`${main.url}/`)).toBe(true);
  });

  it("speaks CORS and answers health, settings and the key set", async () => {
    const preflight = await fetch(`${main.url}/auth/v1/token?grant_type=password`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://app.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, apikey, content-type, x-client-info, x-supabase-api-version",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("apikey");

    const cross = await fetch(`${main.url}/auth/v1/health`, { headers: { Origin: "https://app.example" } });
    expect(cross.headers.get("access-control-allow-origin")).toBe("https://app.example");
    expect(cross.headers.get("access-control-expose-headers")).toContain("X-Supabase-Api-Version");
    expect(await cross.json()).toMatchObject({ name: "GoTrue" });

    const settings = await (await fetch(`${main.url}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({ disable_signup: false, mailer_autoconfirm: false, external: { email: true, phone: false } });

    const jwks = await (await fetch(`${main.url}/auth/v1/.well-known/jwks.json`)).json();
    expect(jwks.keys.length).toBeGreaterThanOrEqual(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it("offers accounts to server code directly", async () => {
    const server = main.server;
    const email = uniqueEmail("Seeded").toUpperCase();
    const created = await server.createUser({ email, password: PASSWORD, userMetadata: { first_name: "Owner" } });
    expect(created.email).toBe(email.toLowerCase());
    expect(created.email_confirmed_at).toBeTruthy();
    const again = await server.createUser({ email, password: "ignored-password" });
    expect(again.id).toBe(created.id);

    expect(await server.verifyPassword(created.id, PASSWORD)).toBe(true);
    expect(await server.verifyPassword(email, PASSWORD)).toBe(true);
    expect(await server.verifyPassword(email, "ignored-password")).toBe(false);
    expect(await server.verifyPassword(uniqueEmail("nobody"), PASSWORD)).toBe(false);

    const moved = uniqueEmail("moved-by-admin");
    const first = client();
    const second = client();
    const kept = (await first.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    await second.auth.signInWithPassword({ email, password: PASSWORD });
    const updated = await server.updateUserById(created.id, {
      email: moved,
      password: "changed-456",
      keepSessionId: decodeJwt(kept.access_token).session_id as string,
    });
    expect(updated.email).toBe(moved);
    expect(await server.verifyPassword(moved, "changed-456")).toBe(true);
    expect((await first.auth.getUser()).error).toBeNull();
    expect((await second.auth.getUser()).error?.name).toBe("AuthSessionMissingError");
    const { email: other } = await signedIn("existing");
    await expect(server.updateUserById(created.id, { email: other })).rejects.toMatchObject({ code: "email_exists" });
    await expect(server.updateUserById(created.id, { password: "123" })).rejects.toMatchObject({ code: "weak_password" });
    await expect(server.updateUserById(crypto.randomUUID(), { password: "whatever-1" })).rejects.toMatchObject({ code: "user_not_found" });

    const unconfirmed = await server.createUser({ email: uniqueEmail("pending"), password: PASSWORD, emailConfirmed: false });
    expect(unconfirmed.email_confirmed_at).toBeUndefined();

    const signIn = await client().auth.signInWithPassword({ email: moved, password: "changed-456" });
    expect(signIn.error).toBeNull();
    expect(await server.deleteUserById(created.id)).toBe(true);
    expect(await server.deleteUserById(created.id)).toBe(false);
    expect((await client().auth.signInWithPassword({ email: moved, password: "changed-456" })).error?.code).toBe("invalid_credentials");
    const afterDelete = await rawRequest("GET", "/user", undefined, { Authorization: `Bearer ${signIn.data.session!.access_token}` });
    expect(afterDelete.json.code).toBe("user_not_found");
  });

  it("signs the user out everywhere when server code sets a new password", async () => {
    const { email, supabase, session } = await signedIn("admin-reset");
    const other = client();
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    await main.server.updateUserById(session.user.id, { password: "set-by-admin-1" });
    expect((await supabase.auth.getUser()).error?.name).toBe("AuthSessionMissingError");
    expect((await other.auth.getUser()).error?.name).toBe("AuthSessionMissingError");
    expect((await client().auth.refreshSession({ refresh_token: session.refresh_token })).error?.code).toBe("refresh_token_not_found");
    // Metadata alone leaves sessions alone.
    const again = (await client().auth.signInWithPassword({ email, password: "set-by-admin-1" })).data.session!;
    await main.server.updateUserById(session.user.id, { userMetadata: { plan: "pro" } });
    expect((await client().auth.getUser(again.access_token)).error).toBeNull();
  });

  it("indexes the auth tables' foreign keys", async () => {
    const rows = await t.db.execute<{ indexname: string }>(
      sql`select indexname from pg_indexes where schemaname = 'embedded_auth'`,
    );
    const names = resultRows<{ indexname: string }>(rows).map((r) => r.indexname);
    expect(names).toEqual(
      expect.arrayContaining([
        "auth_refresh_tokens_user_idx",
        "auth_flow_state_user_idx",
        "auth_one_time_tokens_flow_state_idx",
        "auth_sessions_factor_idx",
      ]),
    );
  });

  it("purges expired rows in small batches, at most once a minute, on token refreshes", async () => {
    const housekeeping = await start();
    const supabase = client("pkce", housekeeping.url);
    const email = uniqueEmail("purge");
    await housekeeping.server.createUser({ email, password: PASSWORD });
    const { data } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    const sessionId = decodeJwt(data.session!.access_token).session_id as string;
    const userId = data.user!.id;
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await t.db.insert(authRefreshTokens).values(
      Array.from({ length: PURGE_BATCH_SIZE + 30 }, (_, i) => ({
        token: `purge-${userId}-${i}`,
        userId,
        sessionId,
        revoked: true,
        createdAt: twoDaysAgo,
        updatedAt: twoDaysAgo,
      })),
    );
    // An email link that ran out a day ago, with its flow state, and one still good.
    const expired = uniqueEmail("purge-link-old");
    await client("pkce").auth.signUp({ email: expired, password: PASSWORD, options: { emailRedirectTo: callback() } });
    const [oldLink] = await t.db.select().from(authOneTimeTokens).where(eq(authOneTimeTokens.relatesTo, expired));
    await t.db.update(authOneTimeTokens).set({ createdAt: twoDaysAgo }).where(eq(authOneTimeTokens.id, oldLink!.id));
    await t.db.update(authFlowState).set({ createdAt: twoDaysAgo }).where(eq(authFlowState.id, oldLink!.flowStateId!));
    const current = uniqueEmail("purge-link-new");
    await client("pkce").auth.signUp({ email: current, password: PASSWORD, options: { emailRedirectTo: callback() } });

    const stale = async () =>
      (
        await t.db
          .select({ id: authRefreshTokens.id })
          .from(authRefreshTokens)
          .where(and(eq(authRefreshTokens.revoked, true), lt(authRefreshTokens.updatedAt, new Date(Date.now() - 86_400_000))))
      ).length;
    const before = await stale();
    expect(before).toBeGreaterThanOrEqual(PURGE_BATCH_SIZE + 30);

    expect((await supabase.auth.refreshSession()).error).toBeNull();
    expect(await stale()).toBe(before - PURGE_BATCH_SIZE);
    expect(await t.db.select().from(authOneTimeTokens).where(eq(authOneTimeTokens.id, oldLink!.id))).toEqual([]);
    expect(await t.db.select().from(authFlowState).where(eq(authFlowState.id, oldLink!.flowStateId!))).toEqual([]);
    expect(await t.db.select().from(authOneTimeTokens).where(eq(authOneTimeTokens.relatesTo, current))).toHaveLength(1);
    // Tokens revoked just now stay, so their reuse is still noticed.
    const justRevoked = data.session!.refresh_token;
    expect(await t.db.select().from(authRefreshTokens).where(eq(authRefreshTokens.token, justRevoked))).toHaveLength(1);

    // Within the minute nothing more is purged; after it, the rest goes.
    expect((await supabase.auth.refreshSession()).error).toBeNull();
    expect(await stale()).toBe(before - PURGE_BATCH_SIZE);
    clock.offsetMs = 61_000;
    try {
      expect((await supabase.auth.refreshSession()).error).toBeNull();
    } finally {
      clock.offsetMs = 0;
    }
    expect(await stale()).toBe(Math.max(0, before - 2 * PURGE_BATCH_SIZE));
  });

  it("tells server code whether a session is still active", async () => {
    const { supabase, session } = await signedIn("active");
    const sessionId = decodeJwt(session.access_token).session_id as string;
    expect(await main.server.isSessionActive(sessionId)).toBe(true);
    expect(await main.server.isSessionActive(crypto.randomUUID())).toBe(false);
    expect(await main.server.isSessionActive("not-a-uuid")).toBe(false);
    await t.db.update(authSessions).set({ notAfter: new Date(Date.now() - 1000) }).where(eq(authSessions.id, sessionId));
    expect(await main.server.isSessionActive(sessionId)).toBe(false);
    await t.db.update(authSessions).set({ notAfter: new Date(Date.now() + 3_600_000) }).where(eq(authSessions.id, sessionId));
    expect(await main.server.isSessionActive(sessionId)).toBe(true);
    await supabase.auth.signOut();
    expect(await main.server.isSessionActive(sessionId)).toBe(false);
    // The same check on the process-wide server, for the app's API token checks.
    expect(isSessionActive).toBeTypeOf("function");
  });

  it("creates a single signing key when many instances start at once", async () => {
    await t.db.delete(authSigningKeys);
    const servers = await Promise.all([start(), start(), start()]);
    const sets = await Promise.all(servers.flatMap((s) => [s.server.getPublicJwks(), s.server.getPublicJwks()]));
    const kids = new Set(sets.flatMap((set) => set.keys.map((k) => k.kid)));
    expect(kids.size).toBe(1);
    const rows = await t.db.select().from(authSigningKeys).where(eq(authSigningKeys.active, true));
    expect(rows).toHaveLength(1);
  });
});
