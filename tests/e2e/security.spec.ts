/**
 * What only the real production server shows of the security review's attacks: the browser's
 * cookie session, Next's handling of a request's Host and of a body still streaming in, and
 * scripts/server.mjs in front of it. The review's other cases replay plain HTTP and are
 * integration tests (auth-server-abuse, auth-server-sessions, auth-server-links, account-api,
 * api, dev-mailbox, server-listen, and the client-address and body unit tests).
 */
import { expect, test } from "@playwright/test";
import { confirmedAccount, session } from "./support/accounts";
import { rawRequest, streamLargeBody } from "./support/raw-http";
import { addSessionCookie } from "./support/session-cookie";

const bearer = (token: string) => ({ apikey: "embedded-anon-key", authorization: `Bearer ${token}` });

test("a signed-out session's cookie stops working at once", async ({ page, request, baseURL }) => {
  const account = await confirmedAccount(request, { prefix: "cookie" });
  await addSessionCookie(page.context(), account);
  await page.goto("/home");
  await expect(page).toHaveURL(/\/(home|onboarding)$/);
  expect((await page.request.get("/api/auth/user")).status()).toBe(200);

  // Signed out everywhere from another device: the browser's session ends with the others.
  const other = await session(request, account.email, account.password);
  expect((await request.post("/auth/v1/logout?scope=global", { headers: bearer(other.access_token) })).status()).toBe(204);

  const after = await page.request.get("/api/auth/user");
  expect(after.status()).toBe(401);
  await page.goto("/home");
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole("button", { name: "Start Learning" })).toBeVisible();
});

test("cookie writes only from the app's own pages", async ({ page, request, baseURL }) => {
  const account = await confirmedAccount(request, { prefix: "csrf", firstName: "Cara" });
  await addSessionCookie(page.context(), account);
  const forgeries: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }];
  for (const headers of forgeries) {
    const forged = await page.request.post("/api/settings", { headers, data: { firstName: "Mallory" } });
    expect(forged.status(), JSON.stringify(headers)).toBe(403);
  }
  const own = await page.request.post("/api/settings", { headers: { origin: baseURL!, "sec-fetch-site": "same-origin" }, data: { firstName: "Carla" } });
  expect(own.status()).toBe(200);
  const me = await page.request.get("/api/auth/user");
  expect(((await me.json()) as { firstName: string }).firstName).toBe("Carla");
});

test("login and logout redirect on the host the browser used; a name not this machine's is refused", async ({ baseURL }) => {
  // The suite reaches the app at 127.0.0.1: a browser that used "localhost" is sent back there.
  const host = `localhost:${new URL(baseURL!).port}`;
  for (const path of ["/api/login?return_to=%2Fvideo%2F1", "/api/auth/logout"]) {
    const response = await rawRequest(baseURL!, path, { headers: { host } });
    expect(response.status).toBe(303);
    const location = new URL(String(response.headers.location), `http://${host}`);
    expect(location.host).toBe(host);
  }
  // A loopback-only server answers to no other name: a page that points its own name at
  // 127.0.0.1 (DNS rebinding) gets nothing from it.
  const rebound = await rawRequest(baseURL!, "/api/login", { headers: { host: "lingo.example.com" } });
  expect(rebound.status).toBe(403);
});

test("a path that does not decode gets a 4xx with a message, never a 500", async ({ baseURL }) => {
  const response = await rawRequest(baseURL!, "/auth/v1/%ZZ", { headers: { apikey: "embedded-anon-key" } });
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(JSON.parse(response.text)).toEqual(expect.objectContaining({ message: expect.stringMatching(/\w/) }));
});

test("a huge body is refused while it streams in, not after", async ({ request, baseURL }) => {
  const account = await confirmedAccount(request, { prefix: "huge" });
  const { access_token } = await session(request, account.email, account.password);
  for (const [path, headers] of [
    ["/auth/v1/signup", { apikey: "embedded-anon-key" }],
    ["/api/settings", { authorization: `Bearer ${access_token}` }],
  ] as const) {
    const result = await streamLargeBody(baseURL!, path, { totalBytes: 30 * 1024 * 1024, headers });
    expect(result.status, result.text).toBe(413);
    expect(JSON.parse(result.text)).toEqual(expect.objectContaining({ message: expect.stringMatching(/large|KiB/) }));
    // Answered after about the 1 MiB cap, long before the 30 MB were sent.
    expect(result.bytesSentBeforeAnswer).toBeLessThan(8 * 1024 * 1024);
  }
});
