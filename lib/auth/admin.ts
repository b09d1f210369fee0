/**
 * Sign-in accounts removed on an owner's behalf, from whichever auth server is configured: the
 * embedded one's tables inside the caller's transaction (so the account and the product's rows go
 * together), or hosted Supabase through its admin API, which needs the project's service-role key.
 */
import type { DbOrTx } from "@/db/client";
import { ApiError } from "@/lib/api/errors";
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
