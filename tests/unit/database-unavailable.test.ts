/** Which errors mean "the database cannot be reached right now" (503) rather than a bug (500). */
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, toErrorResponse } from "@/lib/api/errors";
import { createAuthServer } from "@/lib/auth-server";

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each(["ECONNREFUSED", "ECONNRESET", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECT_TIMEOUT", "57P01", "57P02", "57P03", "08006", "08001", "53300"])(
    "takes %s, also wrapped as Drizzle wraps a failed query",
    (code) => {
      expect(isDatabaseUnavailable(withCode(code))).toBe(true);
      expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: withCode(code) }))).toBe(true);
    },
  );

  it("takes a refused connection to every address of a host", () => {
    expect(isDatabaseUnavailable(new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]))).toBe(true);
  });

  it.each(["23505", "42P01", "22P02", "ENOENT"])("leaves %s (a bug or bad data) a 500", (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(false);
    expect(toErrorResponse(withCode(code)).status).toBe(500);
  });

  it("answers 503 with the error envelope and a Retry-After", async () => {
    const response = toErrorResponse(new Error("Failed query", { cause: withCode("57P01", "terminating connection due to administrator command") }));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({ error: "unavailable", message: "The database is unavailable; try again shortly" });
  });
});

describe("the embedded auth server without its database", () => {
  const server = createAuthServer({
    getDb: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432", { cause: withCode("ECONNREFUSED") })),
    passwordHashCost: 4,
    logError: () => {},
  });
  const signIn = () =>
    server.handle(
      new Request("http://localhost:3000/auth/v1/token?grant_type=password", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "someone@example.com", password: "secret-123" }),
      }),
    );

  it("answers a sign-in 503 in GoTrue's error shape, with a Retry-After: not a 500, not a wrong password", async () => {
    const response = await signIn();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("x-sb-error-code")).toBe("unexpected_failure");
    expect(await response.json()).toMatchObject({ code: "unexpected_failure", message: "The database is unavailable; try again shortly" });
  });
});
