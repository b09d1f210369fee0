/**
 * Replays, against the real production server, each attack the security review reproduced on
 * `npm start`. This server (see playwright.config.ts) runs with the auth server's real limits,
 * except that per-IP sign-in, email and update caps are raised so the cases do not trip over
 * each other, and the one-email-a-minute rule is off so a second sign-up can follow the first.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import {
  AUTH_HEADERS,
  confirmedAccount,
  session as signedInSession,
  signIn as signInWith,
  signUp,
  type AuthSession,
} from "./support/accounts";
import { latestLink, uniqueEmail } from "./support/mailbox";
import { LoginPage } from "./support/pages";
import { freshLoopbackAddress, rawRequest, streamLargeBody } from "./support/raw-http";
import { SECURE_APP_URL } from "./support/servers";

// Its project's server (playwright.config.ts); raw requests need the address too.
const baseURL = SECURE_APP_URL;

const APIKEY = AUTH_HEADERS;
const PASSWORD = "first-secret";
type Session = AuthSession;

const signIn = (request: APIRequestContext, email: string, password = PASSWORD) => signInWith(request, email, password);
const session = (request: APIRequestContext, email: string, password = PASSWORD) => signedInSession(request, email, password);

/** Follows an email link as a mail client would, and returns where it leads. */
async function follow(link: string): Promise<URL> {
  const response = await rawRequest(baseURL, link.replace(/^https?:\/\/[^/]+/, ""));
  expect(response.status).toBe(303);
  return new URL(String(response.headers.location), baseURL);
}

async function confirmedUser(request: APIRequestContext, prefix: string, data: { first_name?: string } = {}) {
  const { email } = await confirmedAccount(request, { prefix, password: PASSWORD, firstName: data.first_name });
  return { email, ...(await session(request, email, PASSWORD)) };
}

const bearer = (token: string) => ({ ...APIKEY, authorization: `Bearer ${token}` });


test("1. parallel wrong passwords: at most the per-account cap is ever checked", async ({ request }) => {
  const { email } = await confirmedUser(request, "guessed");
  // Forty connections at once, each from its own address, as a botnet would send them.
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      rawRequest(baseURL, "/auth/v1/token?grant_type=password", {
        method: "POST",
        from: freshLoopbackAddress(),
        headers: APIKEY,
        body: JSON.stringify({ email, password: `wrong-guess-${i}` }),
      }).then((r) => r.status),
    ),
  );
  // The cap is 10 failed sign-ins per address per 5 minutes: the rest are refused unevaluated.
  expect(answers.filter((s) => s === 400)).toHaveLength(10);
  expect(answers.filter((s) => s === 429)).toHaveLength(30);
  // Even the right password now waits.
  expect((await signIn(request, email)).status()).toBe(429);
});

test("2. per-IP limits follow the connection; a forwarded request is refused by a server for this machine only", async () => {
  const verify = (from: string, headers: Record<string, string> = {}) =>
    rawRequest(baseURL, "/auth/v1/verify?type=signup&token=not-a-token", { from, headers });
  // No proxy is trusted and the server listens on loopback: a request that claims to have been
  // forwarded is refused outright, whatever address it names (scripts/server.mjs).
  const spoofed = await verify(freshLoopbackAddress(), { "x-forwarded-for": "198.51.100.7" });
  expect(spoofed.status).toBe(403);
  expect(spoofed.text).toContain("TRUSTED_PROXY_HOPS");
  expect((await verify(freshLoopbackAddress(), { "x-forwarded-for": "," })).status).toBe(403);

  // 30 link verifications per address per 5 minutes, counted by the connection's address.
  const client = freshLoopbackAddress();
  const answers: number[] = [];
  for (let i = 0; i < 32; i++) answers.push((await verify(client)).status);
  expect(answers.slice(0, 30).every((s) => s === 303)).toBe(true);
  expect(answers.slice(30)).toEqual([429, 429]);

  // Another client is not affected.
  expect((await verify(freshLoopbackAddress())).status).toBe(303);
});

test("3. a signed-out session's cookie stops working at once", async ({ page, request }) => {
  const { email } = await confirmedUser(request, "cookie");
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(email, PASSWORD);
  await expect(page).toHaveURL(/\/(home|onboarding)$/);
  expect((await page.request.get("/api/auth/user")).status()).toBe(200);

  // Signed out everywhere from another device: the browser's session ends with the others.
  const other = await session(request, email);
  expect((await request.post("/auth/v1/logout?scope=global", { headers: bearer(other.access_token) })).status()).toBe(204);

  const after = await page.request.get("/api/auth/user");
  expect(after.status()).toBe(401);
  await page.goto("/home");
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole("button", { name: "Start Learning" })).toBeVisible();
});

test("4a. an email change needs a link from the current address too", async ({ request }) => {
  const user = await confirmedUser(request, "mover");
  const newEmail = uniqueEmail("taken-over");
  const change = await request.put("/auth/v1/user", { headers: bearer(user.access_token), data: { email: newEmail } });
  expect(change.status(), await change.text()).toBe(200);

  // Confirming the new address alone is not enough.
  const first = await follow(await latestLink(request, newEmail, /type=email_change/));
  expect(new URLSearchParams(first.hash.slice(1)).get("message")).toMatch(/Confirmation link accepted/);
  const stillOld = await request.get("/auth/v1/user", { headers: bearer(user.access_token) });
  expect(((await stillOld.json()) as { email: string }).email).toBe(user.email);

  // The current address received a real link, and following it completes the change.
  const second = await follow(await latestLink(request, user.email, /type=email_change/));
  expect(second.hash).toContain("access_token=");
  const moved = await request.get("/auth/v1/user", { headers: bearer(user.access_token) });
  expect(((await moved.json()) as { email: string }).email).toBe(newEmail);
});

test("4b. a new password needs reauthentication outside a recovery session", async ({ request }) => {
  const user = await confirmedUser(request, "rekey");
  const put = (data: Record<string, unknown>) => request.put("/auth/v1/user", { headers: bearer(user.access_token), data });

  const bare = await put({ password: "taken-over" });
  expect(bare.status()).toBe(400);
  expect(await bare.json()).toMatchObject({ code: "reauthentication_needed" });
  const wrong = await put({ password: "taken-over", current_password: "not-it" });
  expect(wrong.status()).toBe(400);
  expect(await wrong.json()).toMatchObject({ code: "current_password_mismatch" });
  const badNonce = await put({ password: "taken-over", nonce: "000000" });
  expect(badNonce.status()).toBe(422);
  expect((await signIn(request, user.email, "taken-over")).status()).toBe(400);

  // The emailed reauthentication code, as supabase-js's reauthenticate() asks for it.
  expect((await request.get("/auth/v1/reauthenticate", { headers: bearer(user.access_token) })).status()).toBe(200);
  const mailbox = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(user.email)}`);
  const { messages } = (await mailbox.json()) as { messages: { kind: string; text: string }[] };
  const code = /verification code is (\d{6})/.exec(messages.find((m) => m.kind === "reauthentication")!.text)![1]!;
  expect((await put({ password: "new-secret-1", nonce: code })).status()).toBe(200);
  expect((await signIn(request, user.email, "new-secret-1")).status()).toBe(200);

  // Or the current password.
  expect((await put({ password: "new-secret-2", current_password: "new-secret-1" })).status()).toBe(200);
  expect((await signIn(request, user.email, "new-secret-2")).status()).toBe(200);
});

test("4c. the product's change-password and change-email routes check the current password", async ({ request }) => {
  // Seeded admin of this install.
  const admin = await session(request, "admin@example.com", "lingoreel-admin");
  const wrong = await request.post("/api/auth/change-password", {
    headers: { authorization: `Bearer ${admin.access_token}` },
    data: { currentPassword: "not-it", newPassword: "taken-over", confirmPassword: "taken-over" },
  });
  expect(wrong.status()).toBe(400);
  expect(await wrong.json()).toMatchObject({ message: "Current password is incorrect" });
  const email = await request.post("/api/auth/change-email", {
    headers: { authorization: `Bearer ${admin.access_token}` },
    data: { currentPassword: "not-it", newEmail: uniqueEmail("admin-taken") },
  });
  expect(email.status()).toBe(400);
  expect((await signIn(request, "admin@example.com", "lingoreel-admin")).status()).toBe(200);
});

test("5. signing up again does not replace an unconfirmed account's password", async ({ request }) => {
  const email = uniqueEmail("squatted");
  await signUp(request, email, "owners-secret", { first_name: "Vera" });
  await signUp(request, email, "attackers-secret", { first_name: "Mallory" });
  // The owner follows the link in their mailbox: the newest one.
  await follow(await latestLink(request, email));
  expect((await signIn(request, email, "attackers-secret")).status()).toBe(400);
  const owner = await session(request, email, "owners-secret");
  expect(owner.user).toMatchObject({ email });
  const user = await request.get("/auth/v1/user", { headers: bearer(owner.access_token) });
  expect(((await user.json()) as { user_metadata: Record<string, unknown> }).user_metadata.first_name).toBe("Vera");
});

test("6. a password-only token of a user with a second factor is refused by the product API", async ({ request }) => {
  const user = await confirmedUser(request, "two-factor");
  const enrolled = await request.post("/auth/v1/factors", { headers: bearer(user.access_token), data: { factor_type: "totp" } });
  const factor = (await enrolled.json()) as { id: string; totp: { secret: string } };
  const totp = new TOTP({ secret: Secret.fromBase32(factor.totp.secret), digits: 6, period: 30 });
  const challenge = (await (await request.post(`/auth/v1/factors/${factor.id}/challenge`, { headers: bearer(user.access_token) })).json()) as { id: string };
  const verified = await request.post(`/auth/v1/factors/${factor.id}/verify`, {
    headers: bearer(user.access_token),
    data: { challenge_id: challenge.id, code: totp.generate() },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const aal2 = (await verified.json()) as Session;

  const passwordOnly = await session(request, user.email);
  const refused = await request.get("/api/auth/user", { headers: { authorization: `Bearer ${passwordOnly.access_token}` } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: "mfa_required" });
  const allowed = await request.get("/api/auth/user", { headers: { authorization: `Bearer ${aal2.access_token}` } });
  expect(allowed.status()).toBe(200);
});

test("7. login and logout redirect on the host the browser used; a name not this machine's is refused", async () => {
  // The suite reaches the app at 127.0.0.1: a browser that used "localhost" is sent back there.
  const host = `localhost:${new URL(baseURL).port}`;
  for (const path of ["/api/login?return_to=%2Fvideo%2F1", "/api/auth/logout"]) {
    const response = await rawRequest(baseURL, path, { headers: { host } });
    expect(response.status).toBe(303);
    const location = new URL(String(response.headers.location), `http://${host}`);
    expect(location.host).toBe(host);
  }
  // A loopback-only server answers to no other name: a page that points its own name at
  // 127.0.0.1 (DNS rebinding) gets nothing from it.
  const rebound = await rawRequest(baseURL, "/api/login", { headers: { host: "lingo.example.com" } });
  expect(rebound.status).toBe(403);
});

test("8. hostile input gets a 4xx with a message, never a 500", async ({ request }) => {
  const user = await confirmedUser(request, "hostile");
  const cases: [string, () => Promise<{ status: number; body: string }>][] = [
    ["NUL in an email", () => raw("POST", "/auth/v1/token?grant_type=password", { email: "a\u0000@example.com", password: "x" })],
    ["NUL in a refresh token", () => raw("POST", "/auth/v1/token?grant_type=refresh_token", { refresh_token: "a\u0000b" })],
    ["NUL in an auth code", () => raw("POST", "/auth/v1/token?grant_type=pkce", { auth_code: "a\u0000", code_verifier: "b".repeat(43) })],
    ["NUL in user metadata", () => raw("PUT", "/auth/v1/user", { data: { nickname: "x\u0000" } }, user.access_token)],
    ["NUL in a factor name", () => raw("POST", "/auth/v1/factors", { factor_type: "totp", friendly_name: "x\u0000" }, user.access_token)],
    ["NUL in a settings field", () => raw("POST", "/api/settings", { firstName: "x\u0000" }, user.access_token)],
    ["NUL as the mailbox address", () => raw("GET", "/api/dev/mailbox?to=%00")],
    ["the mailbox address twice", () => raw("GET", "/api/dev/mailbox?to=a%40example.com&to=b%40example.com")],
    ["a path that does not decode", () => raw("GET", "/auth/v1/%ZZ")],
  ];
  for (const [what, send] of cases) {
    const { status, body } = await send();
    expect(status, `${what}: ${body}`).toBeGreaterThanOrEqual(400);
    expect(status, `${what}: ${body}`).toBeLessThan(500);
    expect(JSON.parse(body), what).toEqual(expect.objectContaining({ message: expect.stringMatching(/\w/) }));
  }

  async function raw(method: string, path: string, body?: unknown, token?: string) {
    const headers: Record<string, string> = { ...APIKEY };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await rawRequest(baseURL, path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: response.text };
  }
});

test("8b. JSON only as application/json, and cookie writes only from the app's own pages", async ({ page, request }) => {
  const { email } = await confirmedUser(request, "csrf", { first_name: "Cara" });
  const token = (await session(request, email)).access_token;
  const plain = await request.post("/api/settings", {
    headers: { authorization: `Bearer ${token}`, "content-type": "text/plain;application/json" },
    data: JSON.stringify({ firstName: "Mallory" }),
  });
  expect(plain.status()).toBe(415);

  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(email, PASSWORD);
  await expect(page).toHaveURL(/\/(home|onboarding)$/);
  const forgeries: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }];
  for (const headers of forgeries) {
    const forged = await page.request.post("/api/settings", { headers, data: { firstName: "Mallory" } });
    expect(forged.status(), JSON.stringify(headers)).toBe(403);
  }
  const own = await page.request.post("/api/settings", { headers: { origin: baseURL, "sec-fetch-site": "same-origin" }, data: { firstName: "Carla" } });
  expect(own.status()).toBe(200);
  const me = await page.request.get("/api/auth/user");
  expect(((await me.json()) as { firstName: string }).firstName).toBe("Carla");
});

test("8c. a huge body is refused while it streams in, not after", async ({ request }) => {
  const { access_token } = await confirmedUser(request, "huge");
  for (const [path, headers] of [
    ["/auth/v1/signup", APIKEY],
    ["/api/settings", { authorization: `Bearer ${access_token}` }],
  ] as const) {
    const result = await streamLargeBody(baseURL, path, { totalBytes: 30 * 1024 * 1024, headers });
    expect(result.status, result.text).toBe(413);
    expect(JSON.parse(result.text)).toEqual(expect.objectContaining({ message: expect.stringMatching(/large|KiB/) }));
    // Answered after about the 1 MiB cap, long before the 30 MB were sent.
    expect(result.bytesSentBeforeAnswer).toBeLessThan(8 * 1024 * 1024);
  }
});
