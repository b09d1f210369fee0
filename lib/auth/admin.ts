/**
 * Sign-in accounts removed or confirmed on an owner's behalf, on whichever auth server is
 * configured: the embedded one's tables inside the caller's transaction (so the account and the
 * product's rows go together), or hosted Supabase through its admin API, which needs the
 * project's service-role key.
 */
import type { DbOrTx } from "@/db/client";
import { ApiError } from "@/lib/api/errors";
import type { ConfirmEmailResult } from "@/lib/auth-server";
import { env, type AppEnv } from "@/lib/env";
import { forgetHostedSessions } from "./tokens";

export type HostedProject = { url: string; serviceRoleKey: string };

export async function deleteAuthAccount(tx: DbOrTx, userId: string, auth: AppEnv["auth"] = env().auth, fetchImpl: typeof fetch = fetch): Promise<void> {
  if (auth.kind === "embedded") {
    const { deleteAuthUser } = await import("@/lib/auth-server");
    await deleteAuthUser(tx, userId);
    return;
  }
  if (!auth.serviceRoleKey) {
    throw new ApiError(
      "unavailable",
      "Deleting users needs the Supabase service-role key: set SUPABASE_SERVICE_ROLE_KEY on the server.",
    );
  }
  await deleteHostedAuthUser({ url: auth.url, serviceRoleKey: auth.serviceRoleKey }, userId, fetchImpl);
  forgetHostedSessions(userId);
}

/**
 * GoTrue's `DELETE /admin/users/{id}` (a hard delete: sessions, identities and factors go too).
 * An account already gone counts as deleted, so a retry can finish removing the product's rows.
 */
export async function deleteHostedAuthUser(project: HostedProject, userId: string, fetchImpl: typeof fetch = fetch): Promise<"deleted" | "absent"> {
  const key = project.serviceRoleKey;
  const response = await fetchImpl(`${project.url}/auth/v1/admin/users/${encodeURIComponent(userId)}`, {
    method: "DELETE",
    headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ should_soft_delete: false }),
  });
  if (response.ok) return "deleted";
  if (response.status === 404) return "absent";
  if (response.status === 401 || response.status === 403) {
    throw new ApiError("unavailable", `Supabase refused to delete the account (HTTP ${response.status}): check SUPABASE_SERVICE_ROLE_KEY.`);
  }
  const text = await response.text().catch(() => "");
  throw new Error(`the auth server answered ${response.status} to a user deletion: ${text.slice(0, 200)}`);
}

export const CONFIRM_NEEDS_KEY_MESSAGE =
  "Confirming email addresses needs the Supabase service-role key: set SUPABASE_SERVICE_ROLE_KEY on the server, or confirm the user in the Supabase dashboard.";

/** Confirms the account's email address, as following its confirmation link would. */
export async function confirmAuthEmail(
  tx: DbOrTx,
  userId: string,
  auth: AppEnv["auth"] = env().auth,
  fetchImpl: typeof fetch = fetch,
): Promise<ConfirmEmailResult> {
  if (auth.kind === "embedded") {
    const { confirmAuthUserEmail } = await import("@/lib/auth-server");
    return confirmAuthUserEmail(tx, userId);
  }
  if (!auth.serviceRoleKey) throw new ApiError("unavailable", CONFIRM_NEEDS_KEY_MESSAGE);
  return confirmHostedAuthEmail({ url: auth.url, serviceRoleKey: auth.serviceRoleKey }, userId, fetchImpl);
}

/** GoTrue's `GET /admin/users/{id}`, then `PUT` with `email_confirm: true` when it is not confirmed yet. */
export async function confirmHostedAuthEmail(project: HostedProject, userId: string, fetchImpl: typeof fetch = fetch): Promise<ConfirmEmailResult> {
  const key = project.serviceRoleKey;
  const url = `${project.url}/auth/v1/admin/users/${encodeURIComponent(userId)}`;
  const headers = { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json" };
  const refused = (status: number) =>
    new ApiError("unavailable", `Supabase refused to confirm the email address (HTTP ${status}): check SUPABASE_SERVICE_ROLE_KEY.`);

  const found = await fetchImpl(url, { method: "GET", headers });
  if (found.status === 404) return "absent";
  if (found.status === 401 || found.status === 403) throw refused(found.status);
  if (!found.ok) throw new Error(`the auth server answered ${found.status} to a user lookup: ${(await found.text().catch(() => "")).slice(0, 200)}`);
  const user = (await found.json().catch(() => ({}))) as { email_confirmed_at?: string | null };
  if (user.email_confirmed_at) return "already_confirmed";

  const updated = await fetchImpl(url, { method: "PUT", headers, body: JSON.stringify({ email_confirm: true }) });
  if (updated.ok) return "confirmed";
  if (updated.status === 404) return "absent";
  if (updated.status === 401 || updated.status === 403) throw refused(updated.status);
  throw new Error(`the auth server answered ${updated.status} to an email confirmation: ${(await updated.text().catch(() => "")).slice(0, 200)}`);
}
