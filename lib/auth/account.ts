/**
 * Credential changes made on the user's behalf by the product API, over the auth server's own
 * HTTP API (GoTrue's wire format), so the same code serves the embedded server (called
 * in-process) and hosted Supabase: the current password is checked by signing in with it, then
 * the change is made with the caller's own access token.
 */
import { ApiError, badRequest } from "@/lib/api/errors";
import { serverAuthTarget } from "./config";

type AuthCall = { origin: string; clientIp: string };
type AuthAnswer = { status: number; body: { code?: string; error_code?: string; message?: string; msg?: string } & Record<string, unknown> };

async function call(target: AuthCall, path: string, init: { method: string; token?: string; body?: unknown }): Promise<AuthAnswer> {
  const { url, anonKey, fetch: targetFetch = fetch } = serverAuthTarget(target.origin, target.clientIp);
  const headers: Record<string, string> = { apikey: anonKey };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const response = await targetFetch(`${url}/auth/v1${path}`, {
    method: init.method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: AuthAnswer["body"] = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    // Not JSON: judged by its status alone.
  }
  return { status: response.status, body };
}

const codeOf = (answer: AuthAnswer) => answer.body.code ?? answer.body.error_code;
const messageOf = (answer: AuthAnswer) => answer.body.message ?? answer.body.msg;

/** Turns an auth server refusal into the product API's error envelope. */
function refusal(answer: AuthAnswer, fallback: string): ApiError {
  const code = codeOf(answer);
  const message = messageOf(answer) ?? fallback;
  if (answer.status === 429) return new ApiError("rate_limited", message);
  if (code === "email_exists") return new ApiError("conflict", message);
  if (code === "insufficient_aal") return new ApiError("mfa_required", message);
  if (answer.status >= 500) throw new Error(`auth server answered ${answer.status}: ${message}`);
  return badRequest(message);
}

/** Throws 400 "Current password is incorrect" (429 after too many tries) unless the password is the account's. */
export async function checkCurrentPassword(target: AuthCall, email: string, password: string): Promise<void> {
  const answer = await call(target, "/token?grant_type=password", { method: "POST", body: { email, password } });
  if (answer.status === 200) {
    // Only a proof: the session the check opened is closed again at once.
    const token = answer.body.access_token;
    if (typeof token === "string") await call(target, "/logout?scope=local", { method: "POST", token }).catch(() => {});
    return;
  }
  if (codeOf(answer) === "invalid_credentials") throw badRequest("Current password is incorrect");
  throw refusal(answer, "Could not check the current password");
}

export async function setPassword(target: AuthCall, token: string, input: { currentPassword: string; newPassword: string }): Promise<void> {
  const answer = await call(target, "/user", {
    method: "PUT",
    token,
    body: { password: input.newPassword, current_password: input.currentPassword },
  });
  if (answer.status !== 200) throw refusal(answer, "Failed to change password. Please try again.");
}

/** Starts an email change: both addresses get a link, and the change happens once both are followed. */
export async function requestEmailChange(target: AuthCall, token: string, input: { newEmail: string; redirectTo: string }): Promise<void> {
  const answer = await call(target, `/user?${new URLSearchParams({ redirect_to: input.redirectTo })}`, {
    method: "PUT",
    token,
    body: { email: input.newEmail },
  });
  if (answer.status !== 200) throw refusal(answer, "Failed to change email. Please try again.");
}
