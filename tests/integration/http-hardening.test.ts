/**
 * HTTP-level protections, through the real route handlers on every test database: hostile JSON
 * nesting gets a 400 (never a 500), and what belongs to one signed-in caller is never cacheable.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getUser } from "@/app/api/auth/user/route";
import { GET as getLanguages } from "@/app/api/languages/route";
import { GET as getFavorites, POST as postFavorite } from "@/app/api/users/favorites/route";
import { GET as getVideo } from "@/app/api/videos/[id]/route";
import { GET as authGet, POST as authPost } from "@/app/auth/v1/[...path]/route";
import { apiRequest, signedInUser } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";

const NESTED = "[".repeat(20_000) + "]".repeat(20_000);

function authRequest(path: string, init: { method?: string; token?: string; rawBody?: string } = {}) {
  const headers: Record<string, string> = { apikey: "test" };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.rawBody !== undefined) headers["content-type"] = "application/json";
  return new Request(`http://localhost:3000/auth/v1${path}`, { method: init.method ?? "GET", headers, body: init.rawBody });
}

describe.each(testDbKinds)("HTTP hardening on %s", (kind) => {
  useTestDb(kind, { app: true });
  let learner: { id: string; token: string };

  beforeAll(async () => {
    await signedInUser("owner@example.com");
    learner = await signedInUser("learner@example.com", "secret-456");
  });

  describe("deeply nested JSON", () => {
    it.each(["/token?grant_type=password", "/signup", "/recover"])("the auth server answers %s with GoTrue's 400, anonymously", async (path) => {
      const response = await authPost(authRequest(path, { method: "POST", rawBody: NESTED }));
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body).toMatchObject({ code: "bad_json" });
      expect(body.message).toMatch(/nested too deeply/);
    });

    it("the product API answers with 400 and says why, before and after sign-in", async () => {
      const anonymous = await postFavorite(apiRequest("/api/users/favorites", { method: "POST", rawBody: NESTED }));
      expect(anonymous.status).toBe(401);
      const response = await postFavorite(apiRequest("/api/users/favorites", { method: "POST", token: learner.token, rawBody: NESTED }));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: "bad_request",
        message: "The request body is nested too deeply (at most 64 levels of arrays and objects)",
      });
      // An ordinary body on the same route still works.
      const fine = await postFavorite(apiRequest("/api/users/favorites", { method: "POST", token: learner.token, body: { videoId: 999_999, action: "add" } }));
      expect(fine.status).not.toBe(500);
    });
  });

  describe("Cache-Control", () => {
    it("marks every signed-in API answer private and unstored, errors included", async () => {
      for (const response of [
        await getUser(apiRequest("/api/auth/user", { token: learner.token })),
        await getFavorites(apiRequest("/api/users/favorites", { token: learner.token })),
        // Errors of signed-in routes say what exists and who may see it.
        await getVideo(apiRequest("/api/videos/424242", { token: learner.token }), { params: Promise.resolve({ id: "424242" }) }),
        await getUser(apiRequest("/api/auth/user")),
        await postFavorite(apiRequest("/api/users/favorites", { method: "POST", token: learner.token, rawBody: "{nope" })),
      ]) {
        expect(response.headers.get("cache-control")).toBe("private, no-store");
      }
    });

    it("leaves public data cacheable", async () => {
      const languages = await getLanguages(apiRequest("/api/languages"));
      expect(languages.status).toBe(200);
      expect(languages.headers.get("cache-control")).toBeNull();
    });

    it("marks the auth server's tokens, users and errors private and unstored; its key set stays public", async () => {
      const signIn = await authPost(
        authRequest("/token?grant_type=password", {
          method: "POST",
          rawBody: JSON.stringify({ email: "learner@example.com", password: "secret-456" }),
        }),
      );
      expect(signIn.status).toBe(200);
      expect(signIn.headers.get("cache-control")).toBe("private, no-store");
      const { access_token: token } = (await signIn.json()) as { access_token: string };

      const user = await authGet(authRequest("/user", { token }));
      expect(user.status).toBe(200);
      expect(user.headers.get("cache-control")).toBe("private, no-store");

      const signup = await authPost(
        authRequest("/signup", { method: "POST", rawBody: JSON.stringify({ email: "new@example.com", password: "secret-789" }) }),
      );
      expect(signup.status).toBe(200);
      expect(signup.headers.get("cache-control")).toBe("private, no-store");

      const verify = await authPost(authRequest("/verify", { method: "POST", rawBody: JSON.stringify({ type: "signup", token_hash: "nope" }) }));
      expect(verify.status).toBeGreaterThanOrEqual(400);
      expect(verify.headers.get("cache-control")).toBe("private, no-store");

      const factors = await authPost(
        authRequest("/factors", { method: "POST", token, rawBody: JSON.stringify({ factor_type: "totp", friendly_name: "phone" }) }),
      );
      expect(factors.status).toBe(200);
      expect(factors.headers.get("cache-control")).toBe("private, no-store");

      const jwks = await authGet(authRequest("/.well-known/jwks.json"));
      expect(jwks.headers.get("cache-control")).toBe("public, max-age=600");
    });
  });
});
