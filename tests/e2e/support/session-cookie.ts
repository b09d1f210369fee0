/**
 * Signing a browser in without its login form: the auth server's password grant, and the session
 * cookie written exactly as @supabase/ssr writes it after a sign-in (auth-js's stored session,
 * "base64-" + base64url JSON, split into `name.0`, `name.1`… when long). The form itself is
 * exercised once per role (auth.spec.ts for a learner, security-settings.spec.ts for the admin,
 * segment-editor.spec.ts for the owner); every other test starts signed in this way.
 */
import { createChunks, stringToBase64URL } from "@supabase/ssr";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { AUTH_COOKIE_NAME } from "@/lib/auth/config-public";
import { SESSION_COOKIE_MAX_AGE_SECONDS } from "@/lib/auth/session-cookie";
import { session } from "./accounts";

type Credentials = { email: string; password: string };

/** The running test's project's server. */
const projectURL = () => test.info().project.use.baseURL!;

/** Adds `who`'s session cookie to `context`, for the project's server. */
export async function addSessionCookie(context: BrowserContext, who: Credentials) {
  const baseURL = projectURL();
  const tokens = await session(context.request, who.email, who.password);
  const now = Math.floor(Date.now() / 1000);
  // auth-js stores the token answer with expires_at filled in when the server left it out.
  const stored = { ...tokens } as Record<string, unknown>;
  stored.expires_at ??= now + Number(stored.expires_in);
  const chunks = createChunks(AUTH_COOKIE_NAME, `base64-${stringToBase64URL(JSON.stringify(stored))}`);
  await context.addCookies(
    chunks.map(({ name, value }) => ({ name, value, url: baseURL, sameSite: "Lax" as const, expires: now + SESSION_COOKIE_MAX_AGE_SECONDS })),
  );
}

/** Signs `page`'s browser in as `who` and opens `path` (home by default), checking the app took the session. */
export async function signInWithCookie(page: Page, who: Credentials, path = "/home") {
  await addSessionCookie(page.context(), who);
  await page.goto(path);
  // A session the app did not accept would land on the landing or login screen instead.
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
}

/** A second person at the same time as the test's page: a new browser context, signed in, on the home screen. Close its context when done. */
export async function signInElsewhere(browser: Browser, who: Credentials): Promise<Page> {
  const context = await browser.newContext({ baseURL: projectURL() });
  const page = await context.newPage();
  await signInWithCookie(page, who);
  return page;
}
