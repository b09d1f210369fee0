/**
 * The sign-in side of an invitation, through GoTrue's `POST /invite` on whichever auth server is
 * configured: the embedded one in-process with the service role, or hosted Supabase with the
 * project's service-role key. Either makes the account (unconfirmed, no password) and emails the
 * link; asking again re-sends it while the account has not been confirmed.
 */
import "server-only";
import { ApiError, badRequest, conflict, rateLimited } from "@/lib/api/errors";
import { INVALID_EMAIL_MESSAGE } from "@/lib/validation/email";
import { env, type AppEnv } from "@/lib/env";

export const INVITE_NEEDS_KEY_MESSAGE =
  "Inviting people needs the Supabase service-role key: set SUPABASE_SERVICE_ROLE_KEY on the server.";
export const ALREADY_REGISTERED_MESSAGE = "A user with this email address has already been registered";

export type InviteRequest = {
  email: string;
  /** Where the emailed link lands: the app's page that sets the password. */
  redirectTo: string;
  /** The language the invitation email is written in. */
  locale: string | null;
};

/** Sends (or re-sends) the invitation email; the account's id. */
export async function sendAuthInvite(input: InviteRequest, auth: AppEnv["auth"] = env().auth, fetchImpl: typeof fetch = fetch): Promise<string> {
  const path = `/auth/v1/invite?${new URLSearchParams({ redirect_to: input.redirectTo })}`;
  const init = {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: input.email, data: input.locale ? { locale: input.locale } : {} }),
  };
  let response: Response;
  if (auth.kind === "embedded") {
    const { defaultAuthServer } = await import("@/lib/auth-server");
    response = await defaultAuthServer().handleAsServiceRole(new Request(new URL(path, input.redirectTo), init));
  } else {
    if (!auth.serviceRoleKey) throw new ApiError("unavailable", INVITE_NEEDS_KEY_MESSAGE);
    const key = auth.serviceRoleKey;
    response = await fetchImpl(`${auth.url}${path}`, { ...init, headers: { ...init.headers, apikey: key, authorization: `Bearer ${key}` } });
  }
  const body = (await response.json().catch(() => ({}))) as { id?: string; code?: string; error_code?: string; msg?: string; message?: string };
  if (response.ok && typeof body.id === "string") return body.id;
  const code = body.code ?? body.error_code;
  if (code === "email_exists" || response.status === 422) throw conflict(ALREADY_REGISTERED_MESSAGE);
  if (response.status === 400) throw badRequest(INVALID_EMAIL_MESSAGE);
  if (response.status === 429) {
    // GoTrue's one email a minute per account: "…you can only request this after N seconds."
    const wait = /after (\d+) seconds?/.exec(body.message ?? body.msg ?? "");
    if (wait) throw rateLimited(`You can send this invitation again in ${wait[1]} seconds.`, Number(wait[1]));
    throw rateLimited("Too many emails were sent just now; try again in a few minutes.", 300);
  }
  if (response.status === 401 || response.status === 403) {
    throw new ApiError("unavailable", `The auth server refused the invitation (HTTP ${response.status}): check SUPABASE_SERVICE_ROLE_KEY.`);
  }
  throw new Error(`the auth server answered ${response.status} to an invitation: ${(body.message ?? body.msg ?? "").slice(0, 200)}`);
}
