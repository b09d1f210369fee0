/**
 * Runs the app's own server code (route handlers, services, the embedded auth server) against a
 * test database by installing it as the process-wide database handle.
 */
import { installDbHandle, type DbHandle } from "@/db/client";
import { resetDefaultAuthServer } from "@/lib/auth-server";
import { resetTokenCaches } from "@/lib/auth/tokens";

export function installAppDb(handle: DbHandle) {
  resetDefaultAuthServer();
  resetTokenCaches();
  installDbHandle(handle);
}

export function uninstallAppDb() {
  resetDefaultAuthServer();
  resetTokenCaches();
  installDbHandle(undefined);
}

/** Signs a user up (confirmed) with the embedded server and returns an access token. */
export async function signedInUser(email: string, password = "secret-123", meta: Record<string, unknown> = {}) {
  const { createUser, handleAuthRequest } = await import("@/lib/auth-server");
  const user = await createUser({ email, password, userMetadata: meta, emailConfirmed: true });
  const response = await handleAuthRequest(
    new Request("http://localhost:3000/auth/v1/token?grant_type=password", {
      method: "POST",
      headers: { "content-type": "application/json", apikey: "test" },
      body: JSON.stringify({ email, password }),
    }),
  );
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const session = (await response.json()) as { access_token: string };
  return { id: user.id, token: session.access_token };
}

export function apiRequest(path: string, init: { method?: string; token?: string; body?: unknown; rawBody?: string; contentType?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined || init.rawBody !== undefined) headers["content-type"] = init.contentType ?? "application/json";
  return new Request(`http://localhost:3000${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
}
