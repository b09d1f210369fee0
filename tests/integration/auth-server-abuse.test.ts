/**
 * The embedded auth server behind a real HTTP server, driven by the unmodified supabase-js client,
 * on every test database.
 * Rate limits, per-account caps, timing, and hostile input.
 */
import { describe, expect, it } from "vitest";
import { noLimits, PASSWORD, uniqueEmail, authServerSuite, type Running } from "../helpers/auth-server";
import { testDbKinds } from "../helpers/db";

describe.each(testDbKinds)("embedded auth server on %s: abuse", (kind) => {
  const h = authServerSuite(kind);
  const { clock, start, client, signedIn, rawRequest } = h;

  it("rate-limits like GoTrue", async () => {
    const limited = await start({ rateLimits: { ...noLimits, signInsPer5Min: 3 } });
    const { email } = await signedIn("limited");
    const supabase = client("pkce", limited.url);
    for (let i = 0; i < 3; i++) {
      expect((await supabase.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    }
    const blocked = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    expect(blocked.error?.code).toBe("over_request_rate_limit");
    expect(blocked.error?.status).toBe(429);
    expect(blocked.error?.message).toBe("Request rate limit reached");
    const signupBlocked = await supabase.auth.signUp({ email: uniqueEmail("limited"), password: PASSWORD });
    expect(signupBlocked.error?.code).toBe("over_request_rate_limit");
    // Another address has its own budget.
    const elsewhere = await fetch(`${limited.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.9" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(elsewhere.status).toBe(200);

    const fewEmails = await start({ rateLimits: { ...noLimits, emailSentPerHour: 1 } });
    const mailer = client("pkce", fewEmails.url);
    expect((await mailer.auth.signUp({ email: uniqueEmail("mail-1"), password: PASSWORD })).error).toBeNull();
    const capped = await mailer.auth.signUp({ email: uniqueEmail("mail-2"), password: PASSWORD });
    expect(capped.error?.code).toBe("over_email_send_rate_limit");
    expect(capped.error?.status).toBe(429);
    expect(capped.error?.message).toBe("Email rate limit exceeded");

    const refreshes = await start({ rateLimits: { ...noLimits, tokenRefreshPer5Min: 1 } });
    const { session } = await signedIn("refresh-limit");
    const refresher = client("pkce", refreshes.url);
    const one = await refresher.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(one.error).toBeNull();
    const two = await refresher.auth.refreshSession({ refresh_token: one.data.session!.refresh_token });
    expect(two.error?.code).toBe("over_request_rate_limit");
  });

  /** A JSON POST to a server as if a proxy had forwarded it with this X-Forwarded-For. */
  async function postFrom(running: Running, path: string, body: unknown, forwardedFor: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${running.url}/auth/v1${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor, ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  }

  it("limits by the address the nearest proxy saw, not the one the client wrote", async () => {
    const limited = await start({ rateLimits: { ...noLimits, signInsPer5Min: 3 } });
    const { email } = await signedIn("forwarded");
    // The client prepends a different address each time; the proxy appends the real one.
    for (let i = 0; i < 3; i++) {
      const ok = await postFrom(limited, "/token?grant_type=password", { email, password: PASSWORD }, `10.9.9.${i}, 198.51.100.7`);
      expect(ok.status).toBe(200);
    }
    const blocked = await postFrom(limited, "/token?grant_type=password", { email, password: PASSWORD }, "10.9.9.99, 198.51.100.7");
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe("over_request_rate_limit");
    const other = await postFrom(limited, "/token?grant_type=password", { email, password: PASSWORD }, "10.9.9.0, 198.51.100.8");
    expect(other.status).toBe(200);
  });

  it("caps failed password sign-ins per account, whatever the IP", async () => {
    const guarded = await start({ rateLimits: { ...noLimits, failedSignInsPerEmailPer5Min: 10 } });
    const { email } = await signedIn("guessed");
    const { email: bystander } = await signedIn("bystander");
    for (let i = 0; i < 10; i++) {
      const wrong = await postFrom(guarded, "/token?grant_type=password", { email, password: `guess-${i}` }, `203.0.113.${i}`);
      expect(wrong.json.code).toBe("invalid_credentials");
    }
    // Even the right password waits now, so the cap cannot be used to confirm a guess.
    const locked = await postFrom(guarded, "/token?grant_type=password", { email: email.toUpperCase(), password: PASSWORD }, "203.0.113.50");
    expect(locked.status).toBe(429);
    expect(locked.json).toMatchObject({ code: "over_request_rate_limit", message: "Request rate limit reached" });
    expect((await postFrom(guarded, "/token?grant_type=password", { email: bystander, password: PASSWORD }, "203.0.113.1")).status).toBe(200);
    // Unknown addresses count the same way, so the cap does not tell who is registered.
    const ghost = uniqueEmail("ghost-guess");
    for (let i = 0; i < 10; i++) await postFrom(guarded, "/token?grant_type=password", { email: ghost, password: `guess-${i}` }, "203.0.113.60");
    expect((await postFrom(guarded, "/token?grant_type=password", { email: ghost, password: "x" }, "203.0.113.61")).status).toBe(429);
    clock.offsetMs = 300_000;
    try {
      expect((await postFrom(guarded, "/token?grant_type=password", { email, password: PASSWORD }, "203.0.113.50")).status).toBe(200);
    } finally {
      clock.offsetMs = 0;
    }
  });

  it("checks at most the per-account cap of wrong passwords sent all at once, each from its own address", async () => {
    const guarded = await start({ rateLimits: { ...noLimits, failedSignInsPerEmailPer5Min: 10 } });
    const { email } = await signedIn("botnet");
    // Forty at once, as a botnet would send them: none may slip past the cap while others are checked.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postFrom(guarded, "/token?grant_type=password", { email, password: `wrong-guess-${i}` }, `198.18.${i >> 8}.${i & 255}`).then((r) => r.status),
      ),
    );
    expect(answers.filter((status) => status === 400)).toHaveLength(10);
    expect(answers.filter((status) => status === 429)).toHaveLength(30);
    // Even the right password now waits.
    expect((await postFrom(guarded, "/token?grant_type=password", { email, password: PASSWORD }, "198.18.9.9")).status).toBe(429);
  });

  it("answers unknown addresses and early refusals no faster than a wrong password", async () => {
    // A real bcrypt cost, so that one comparison dwarfs the rest of a request.
    const slow = await start({ passwordHashCost: 10 });
    const email = uniqueEmail("timing");
    await slow.server.createUser({ email, password: PASSWORD });
    const timed = async (path: string, body: unknown) => {
      const startedAt = performance.now();
      const response = await postFrom(slow, path, body, "198.51.100.30");
      return { ms: performance.now() - startedAt, ...response };
    };
    await timed("/token?grant_type=password", { email, password: "warm-up-1" });
    // Other test files share the CPU: the fastest of a few wrong-password answers is the yardstick.
    const wrong = { ms: Number.POSITIVE_INFINITY };
    for (let i = 0; i < 3; i++) {
      const sample = await timed("/token?grant_type=password", { email, password: `wrong-password-${i}` });
      expect(sample.json.code).toBe("invalid_credentials");
      wrong.ms = Math.min(wrong.ms, sample.ms);
    }
    const probes = [
      await timed("/token?grant_type=password", { email: uniqueEmail("nobody"), password: "wrong-password" }),
      await timed("/token?grant_type=password", { email, password: "" }),
      await timed("/token?grant_type=password", { email }),
      await timed("/token?grant_type=password", { email, password: "p".repeat(100) }),
    ];
    for (const probe of probes) {
      expect(probe.json.code).toBe("invalid_credentials");
      expect(probe.ms).toBeGreaterThan(wrong.ms * 0.4);
    }
    expect(await slow.server.verifyPassword(email, "")).toBe(false);

    // Signing up with a registered address costs the same hashing as a new one.
    const fresh = { ms: Number.POSITIVE_INFINITY };
    for (let i = 0; i < 2; i++) {
      const sample = await timed("/signup", { email: uniqueEmail("timing-new"), password: PASSWORD });
      expect(sample.status).toBe(200);
      fresh.ms = Math.min(fresh.ms, sample.ms);
    }
    const taken = await timed("/signup", { email, password: PASSWORD });
    expect(taken.status).toBe(200);
    // A new address also writes rows, which a loaded database makes slow; the hashing both share is
    // the yardstick (a wrong password's answer), so a busy machine cannot fail an answer that hashed.
    expect(taken.ms).toBeGreaterThan(Math.min(fresh.ms, wrong.ms) * 0.4);
  });

  it("caps emails per recipient and per client before the server-wide cap", async () => {
    const perAddress = await start({ rateLimits: { ...noLimits, emailMaxFrequencySeconds: 0, emailSentPerAddressPerHour: 5 } });
    const { email } = await signedIn("mail-target");
    for (let i = 0; i < 5; i++) {
      expect((await postFrom(perAddress, "/recover", { email }, `192.0.2.${i}`)).status).toBe(200);
    }
    const sixth = await postFrom(perAddress, "/recover", { email }, "192.0.2.77");
    expect(sixth.status).toBe(429);
    expect(sixth.json).toMatchObject({ code: "over_email_send_rate_limit", message: "Email rate limit exceeded" });
    const signupResends = uniqueEmail("mail-resend");
    expect((await postFrom(perAddress, "/signup", { email: signupResends, password: PASSWORD }, "192.0.2.1")).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await postFrom(perAddress, "/resend", { type: "signup", email: signupResends }, `192.0.2.${i}`)).status).toBe(200);
    }
    expect((await postFrom(perAddress, "/resend", { type: "signup", email: signupResends }, "192.0.2.9")).json.code).toBe(
      "over_email_send_rate_limit",
    );

    // A client over its own share does not eat into the budget everybody shares.
    const shared = await start({
      rateLimits: { ...noLimits, emailMaxFrequencySeconds: 0, emailSentPerHour: 3, emailSentPerIpPerHour: 2, emailSentPerAddressPerHour: 1 },
    });
    const targets = await Promise.all([0, 1, 2].map(async (i) => (await signedIn(`shared-${i}`)).email));
    expect((await postFrom(shared, "/recover", { email: targets[0] }, "198.51.100.20")).status).toBe(200);
    expect((await postFrom(shared, "/recover", { email: targets[0] }, "198.51.100.20")).status).toBe(429);
    expect((await postFrom(shared, "/recover", { email: targets[1] }, "198.51.100.20")).status).toBe(200);
    expect((await postFrom(shared, "/recover", { email: targets[2] }, "198.51.100.20")).status).toBe(429);
    expect((await postFrom(shared, "/recover", { email: targets[2] }, "198.51.100.21")).status).toBe(200);
  });

  it("never answers bad input with a 500", async () => {
    const { session } = await signedIn("fuzz");
    const auth = { Authorization: `Bearer ${session.access_token}` };
    const targets: [string, string, Record<string, string>][] = [
      ["POST", "/signup", {}],
      ["POST", "/token?grant_type=password", {}],
      ["POST", "/token?grant_type=refresh_token", {}],
      ["POST", "/token?grant_type=pkce", {}],
      ["POST", "/token", {}],
      ["POST", "/recover", {}],
      ["POST", "/resend", {}],
      ["POST", "/verify", {}],
      ["PUT", "/user", auth],
      ["POST", "/factors", auth],
      ["POST", `/factors/${crypto.randomUUID()}/verify`, auth],
      ["POST", "/factors/not-a-uuid/challenge", auth],
      ["POST", "/logout?scope=sideways", auth],
    ];
    const bodies = [
      "",
      "{",
      "null",
      "[]",
      '"text"',
      "42",
      "{}",
      '{"email": 5, "password": true}',
      '{"email": ["a@b.c"], "data": "nope", "refresh_token": {}, "auth_code": 1, "code_verifier": [], "type": 7}',
      '{"email": "a@b.c", "password": "x", "data": [1, 2]}',
      '{"email": "not an email", "password": "secret-123", "code_challenge": "short", "code_challenge_method": "md5"}',
      '{"token_hash": "x", "type": "nonsense"}',
      '{"factor_type": "sms", "challenge_id": "nope", "code": 12}',
      `{"email": "${"a".repeat(300)}@example.com", "password": "${"p".repeat(100)}"}`,
    ];
    for (const [method, path, headers] of targets) {
      for (const body of bodies) {
        const response = await rawRequest(method, path, body, headers);
        expect(response.status, `${method} ${path} with ${body}`).toBeLessThan(500);
        expect(response.headers.get("x-supabase-api-version")).toBe("2024-01-01");
        if (response.status < 400) continue;
        expect(typeof response.json.code, `${method} ${path} with ${body}`).toBe("string");
        expect(response.json.message).toBe(response.json.msg);
        expect(response.json.error_code).toBe(response.json.code);
      }
    }

    // NUL in a field that reaches the database: refused with a message, not passed to Postgres.
    const nul: [string, string, Record<string, unknown>, Record<string, string>][] = [
      ["an email", "/token?grant_type=password", { email: "a\u0000@example.com", password: "x" }, {}],
      ["a refresh token", "/token?grant_type=refresh_token", { refresh_token: "a\u0000b" }, {}],
      ["an auth code", "/token?grant_type=pkce", { auth_code: "a\u0000", code_verifier: "b".repeat(43) }, {}],
      ["user metadata", "/user", { data: { nickname: "x\u0000" } }, auth],
      ["a factor name", "/factors", { factor_type: "totp", friendly_name: "x\u0000" }, auth],
    ];
    for (const [what, path, body, headers] of nul) {
      const response = await rawRequest(path === "/user" ? "PUT" : "POST", path, JSON.stringify(body), headers);
      expect(response.status, `NUL in ${what}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `NUL in ${what}`).toBeLessThan(500);
      expect(response.json.message, `NUL in ${what}`).toMatch(/\w/);
    }

    const malformed = await rawRequest("POST", "/signup", "{");
    expect(malformed.status).toBe(400);
    expect(malformed.json.code).toBe("bad_json");
    const wrongTypes = await rawRequest("POST", "/token?grant_type=password", '{"email": 5}');
    expect(wrongTypes.json.code).toBe("bad_json");
    const missing = await rawRequest("POST", "/signup", '{"email": "x@example.com"}');
    expect(missing.json).toMatchObject({ code: "validation_failed", message: "Signup requires a valid password" });
    const grant = await rawRequest("POST", "/token?grant_type=magic", "{}");
    expect(grant.json.code).toBe("validation_failed");

    const unknown = await rawRequest("GET", "/nowhere");
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe("not_found");
    const wrongMethod = await rawRequest("DELETE", "/signup");
    expect(wrongMethod.status).toBe(405);

    // GET /verify always redirects, even without parameters.
    const bare = await fetch(`${h.main.url}/auth/v1/verify`, { redirect: "manual" });
    expect(bare.status).toBe(303);
    expect(bare.headers.get("location")).toContain("error_code=validation_failed");
    const badType = await fetch(`${h.main.url}/auth/v1/verify?token=abc&type=weird&redirect_to=https://evil.example`, { redirect: "manual" });
    expect(badType.headers.get("location")!.startsWith(`${h.main.url}/`)).toBe(true);
  });
});
