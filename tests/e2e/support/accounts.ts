/**
 * Accounts made through the real server's own APIs, the way supabase-js makes them: sign up,
 * follow the confirmation link from the dev mailbox, sign in, and save languages.
 */
import { expect, type APIRequestContext } from "@playwright/test";
import { latestLink, uniqueEmail } from "./mailbox";
import { E2E_SERVICE_ROLE_KEY } from "./servers";

export const AUTH_HEADERS = { apikey: "embedded-anon-key", "content-type": "application/json" };

export type Account = { email: string; password: string; firstName: string; lastName: string };
export type AuthSession = { access_token: string; refresh_token: string; user: { id: string; email: string } };

export async function signUp(request: APIRequestContext, email: string, password: string, data: Record<string, unknown> = {}) {
  const response = await request.post("/auth/v1/signup", { headers: AUTH_HEADERS, data: { email, password, data } });
  expect(response.status(), await response.text()).toBe(200);
}

export function signIn(request: APIRequestContext, email: string, password: string) {
  return request.post("/auth/v1/token?grant_type=password", { headers: AUTH_HEADERS, data: { email, password } });
}

export async function session(request: APIRequestContext, email: string, password: string): Promise<AuthSession> {
  const response = await signIn(request, email, password);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AuthSession;
}

/** A new account whose address is confirmed (its link followed), not yet onboarded. */
export async function confirmedAccount(
  request: APIRequestContext,
  options: { prefix?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<Account> {
  const account = {
    email: uniqueEmail(options.prefix ?? "learner"),
    password: options.password ?? "secret-123",
    firstName: options.firstName ?? "Nora",
    lastName: options.lastName ?? "Nieminen",
  };
  const data = { first_name: account.firstName, last_name: account.lastName };
  const refused = await request.post("/auth/v1/signup", { headers: AUTH_HEADERS, data: { email: account.email, password: account.password, data } });
  if (refused.status() === 422 && (await refused.json()).code === "signup_disabled") {
    // An invitation-only server: the account comes from the admin API, as an operator's script makes it.
    const created = await request.post("/auth/v1/admin/users", {
      headers: { ...AUTH_HEADERS, authorization: `Bearer ${E2E_SERVICE_ROLE_KEY}` },
      data: { email: account.email, password: account.password, email_confirm: true, user_metadata: data },
    });
    expect(created.status(), await created.text()).toBe(200);
    return account;
  }
  expect(refused.status(), await refused.text()).toBe(200);
  const confirmed = await request.get(await latestLink(request, account.email), { maxRedirects: 0 });
  expect(confirmed.status()).toBe(303);
  expect(confirmed.headers().location).not.toContain("error");
  return account;
}

/** Saves both languages and a daily goal, as the onboarding screen does. */
export async function onboard(request: APIRequestContext, account: Account, values = { nativeLanguage: "en", targetLanguage: "es", dailyGoal: 30 }) {
  const { access_token } = await session(request, account.email, account.password);
  const response = await request.post("/api/settings", { headers: { authorization: `Bearer ${access_token}` }, data: values });
  expect(response.status(), await response.text()).toBe(200);
}
