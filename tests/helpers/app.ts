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

/** A POST to the embedded auth server's `/auth/v1{path}` with a JSON body, as supabase-js sends it. */
export async function authPost(path: string, body: unknown) {
  const { handleAuthRequest } = await import("@/lib/auth-server");
  return handleAuthRequest(
    new Request(`http://localhost:3000/auth/v1${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey: "test" },
      body: JSON.stringify(body),
    }),
  );
}

/** Signs a user up (confirmed) with the embedded server and returns an access token. */
export async function signedInUser(email: string, password = "secret-123", meta: Record<string, unknown> = {}) {
  const { createUser } = await import("@/lib/auth-server");
  const user = await createUser({ email, password, userMetadata: meta, emailConfirmed: true });
  const response = await authPost("/token?grant_type=password", { email, password });
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

export type Actor = { id: string; token: string; email: string };
export type ActorName = "learner" | "otherLearner" | "admin" | "owner";

/**
 * The signed-in people most API tests need, each known to the app with their role: two learners
 * (one to act, one whose data must stay out of reach), an admin and an owner. `prefix` keeps the
 * emails apart when a test seeds more than one set.
 */
export async function seedActors(db: DbHandle["db"], prefix = "actor"): Promise<Record<ActorName, Actor>> {
  const { users } = await import("@/db/schema");
  const { eq } = await import("drizzle-orm");
  const { GET: getMe } = await import("@/app/api/users/route");
  const roles: Record<ActorName, "user" | "admin" | "owner"> = { owner: "owner", admin: "admin", learner: "user", otherLearner: "user" };
  const actors = {} as Record<ActorName, Actor>;
  // The owner first: the first account the app sees becomes owner anyway.
  for (const name of ["owner", "admin", "learner", "otherLearner"] as const) {
    const email = `${prefix}-${name.toLowerCase()}@example.com`;
    const who = await signedInUser(email);
    // First sight makes the app user.
    const seen = await getMe(apiRequest("/api/users", { token: who.token }));
    if (!seen.ok) throw new Error(`the app did not take ${email}: ${seen.status}`);
    await db.update(users).set({ role: roles[name], nativeLanguage: "en", targetLanguage: "es" }).where(eq(users.id, who.id));
    actors[name] = { ...who, email };
  }
  return actors;
}
