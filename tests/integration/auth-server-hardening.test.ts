/**
 * The embedded auth server against what anyone can send it, on every test database: user metadata
 * that would bloat tokens, the database and the owner's Users screen; names in account emails; and
 * /recover and /resend, which must not tell a registered address from an unknown one by status,
 * body or time.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as listUsers } from "@/app/api/admin/users/route";
import { GET as getMe } from "@/app/api/users/route";
import { authUsers, users } from "@/db/schema";
import { signedInUser } from "../helpers/app";
import { authServerSuite, noLimits, PASSWORD, uniqueEmail, type Running } from "../helpers/auth-server";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

const NAME_KEYS = ["first_name", "last_name", "firstName", "lastName", "full_name", "name"];

describe.each(testDbKinds)("embedded auth server on %s: hardening", (kind) => {
  const h = authServerSuite(kind);
  const { start, signedIn, rawRequest, latestMail } = h;

  const signUp = (email: string, data: unknown) => rawRequest("POST", "/signup", JSON.stringify({ email, password: PASSWORD, data }));
  const accountOf = async (email: string) => (await h.t.db.select().from(authUsers).where(eq(authUsers.email, email)))[0];

  it("refuses sign-up metadata over 4 KiB and overlong names with a 400, creating no account", async () => {
    const tooBig = uniqueEmail("big-meta");
    const refused = await signUp(tooBig, { first_name: "Eve", bio: "x".repeat(5000) });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: "validation_failed", message: expect.stringMatching(/metadata.*4096 bytes/i) });
    expect(await accountOf(tooBig)).toBeUndefined();
    // Bytes count, not characters.
    expect((await signUp(uniqueEmail("big-meta"), { bio: "é".repeat(2100) })).status).toBe(400);

    for (const key of NAME_KEYS) {
      const email = uniqueEmail("long-name");
      const long = await signUp(email, { [key]: "n".repeat(101) });
      expect(long.status, key).toBe(400);
      expect(long.json).toMatchObject({ code: "validation_failed", message: `${key} must be at most 100 characters` });
      expect(await accountOf(email)).toBeUndefined();
    }

    // What a real sign-up sends fits easily.
    const fine = uniqueEmail("fine-meta");
    const accepted = await signUp(fine, {
      first_name: "n".repeat(100),
      last_name: "García",
      firstName: "n".repeat(100),
      lastName: "García",
      avatar_url: `https://example.com/${"a".repeat(2500)}`,
    });
    expect(accepted.status).toBe(200);
    expect((await accountOf(fine))!.userMetaData).toMatchObject({ last_name: "García" });
  });

  it("refuses PUT /user metadata that would grow the user's past 4 KiB, or an overlong name", async () => {
    const { session } = await signedIn("put-meta");
    const auth = { Authorization: `Bearer ${session.access_token}` };
    const put = (data: unknown) => rawRequest("PUT", "/user", JSON.stringify({ data }), auth);

    const big = await put({ bio: "x".repeat(5000) });
    expect(big.status).toBe(400);
    expect(big.json).toMatchObject({ code: "validation_failed", message: expect.stringMatching(/metadata.*4096 bytes/i) });
    expect((await put({ first_name: "n".repeat(101) })).json).toMatchObject({
      code: "validation_failed",
      message: "first_name must be at most 100 characters",
    });

    // Growing it a little at a time does not get past the cap: it is the merged metadata that counts.
    expect((await put({ part_a: "a".repeat(3000) })).status).toBe(200);
    const grown = await put({ part_b: "b".repeat(3000) });
    expect(grown.status).toBe(400);
    expect(grown.json.code).toBe("validation_failed");
    // Replacing a key (a null removes it) is fine.
    expect((await put({ part_a: null, part_b: "b".repeat(3000) })).status).toBe(200);

    const me = await rawRequest("GET", "/user", undefined, auth);
    expect(JSON.stringify(me.json.user_metadata).length).toBeLessThan(4096);
    const refreshed = await rawRequest("POST", "/token?grant_type=refresh_token", JSON.stringify({ refresh_token: session.refresh_token }));
    expect(refreshed.status).toBe(200);
    expect(String(refreshed.json.access_token).length).toBeLessThan(8192);
  });

  it("greets with a short, escaped name without control characters, and with none that carries a link", async () => {
    // Metadata stored before the caps existed (or set by the server's own code).
    const email = uniqueEmail("greeted");
    const account = await h.main.server.createUser({ email, password: PASSWORD });
    const hostile = `<b>Eve</b>\r\nBcc: all\u0007\u202e ${"x".repeat(512 * 1024)}`;
    await h.t.db.update(authUsers).set({ userMetaData: { first_name: hostile } }).where(eq(authUsers.id, account.id));
    expect((await rawRequest("POST", "/recover", JSON.stringify({ email }))).status).toBe(200);
    const mail = await latestMail(email);
    const [greeting] = mail.text.split("\n");
    expect(greeting).toMatch(/^Hi <b>Eve<\/b> Bcc: all x+…,$/);
    expect(greeting!.length).toBeLessThanOrEqual(60);
    expect(mail.text.length).toBeLessThan(2000);
    expect(mail.html.length).toBeLessThan(5000);
    expect(mail.html).toContain("<p>Hi &lt;b&gt;Eve&lt;/b&gt; Bcc: all x");
    expect(mail.html).not.toContain("<b>Eve");
    expect(`${mail.text}${mail.html}`).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);

    const phished = uniqueEmail("phished");
    const victim = await h.main.server.createUser({ email: phished, password: PASSWORD });
    await h.t.db
      .update(authUsers)
      .set({ userMetaData: { first_name: "please sign in at https://evil.example/login" } })
      .where(eq(authUsers.id, victim.id));
    expect((await rawRequest("POST", "/recover", JSON.stringify({ email: phished }))).status).toBe(200);
    const phishing = await latestMail(phished);
    expect(phishing.text.split("\n")[0]).toBe("Hi there,");
    expect(`${phishing.text}${phishing.html}`).not.toContain("evil.example");
  });

  /** A JSON POST from a client address; the answer's status and body, with the seconds left blanked. */
  async function post(running: Running, path: string, body: unknown, from = "198.51.100.40") {
    const response = await fetch(`${running.url}/auth/v1${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": from },
      body: JSON.stringify(body),
    });
    return `${response.status} ${(await response.text()).replace(/\d+ seconds?/g, "N seconds")}`;
  }
  const answers = async (running: Running, path: string, body: unknown, times: number) => {
    const out: string[] = [];
    for (let i = 0; i < times; i++) out.push(await post(running, path, body));
    return out;
  };

  it("answers /recover and /resend alike for registered and unknown addresses, again and again", async () => {
    const { email: registered } = await signedIn("recover-known");
    const recovered = await answers(h.main, "/recover", { email: registered }, 3);
    expect(await answers(h.main, "/recover", { email: uniqueEmail("recover-ghost") }, 3)).toEqual(recovered);
    // The second request inside the minute says how long to wait, as GoTrue does, for either.
    expect(recovered[0]).toBe("200 {}");
    expect(recovered[1]).toMatch(/^429 .*"over_email_send_rate_limit".*For security purposes, you can only request this after N seconds\./);

    const unconfirmed = uniqueEmail("resend-unconfirmed");
    await h.main.server.createUser({ email: unconfirmed, password: PASSWORD, emailConfirmed: false });
    const resent = await answers(h.main, "/resend", { type: "signup", email: unconfirmed }, 3);
    expect(await answers(h.main, "/resend", { type: "signup", email: uniqueEmail("resend-ghost") }, 3)).toEqual(resent);
    expect(await answers(h.main, "/resend", { type: "signup", email: registered }, 3)).toEqual(resent);
    const { email: changing } = await signedIn("resend-change");
    expect(await answers(h.main, "/resend", { type: "email_change", email: changing }, 3)).toEqual(resent);

    // Right after a sign-up request the answer is the same whether it made an account or not.
    const fresh = uniqueEmail("signup-fresh");
    expect((await signUp(fresh, {})).status).toBe(200);
    expect((await signUp(registered, {})).status).toBe(200);
    const afterSignup = await answers(h.main, "/resend", { type: "signup", email: fresh }, 2);
    expect(await answers(h.main, "/resend", { type: "signup", email: registered }, 2)).toEqual(afterSignup);
  });

  it("caps emails per address per hour alike for registered and unknown addresses", async () => {
    const capped = await start({ rateLimits: { ...noLimits, emailMaxFrequencySeconds: 0, emailSentPerAddressPerHour: 2 } });
    const { email: registered } = await signedIn("cap-known");
    const known = await answers(capped, "/recover", { email: registered }, 3);
    expect(known.map((a) => a.slice(0, 3))).toEqual(["200", "200", "429"]);
    expect(await answers(capped, "/recover", { email: uniqueEmail("cap-ghost") }, 3)).toEqual(known);
  });

  it("takes about as long for a registered address as for an unknown one", async () => {
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // supabase-js asks with PKCE by default.
    const pkce = { code_challenge: "c".repeat(43), code_challenge_method: "s256" };
    const timed = async (email: string) => {
      const startedAt = performance.now();
      expect(await post(h.main, "/recover", { email, ...pkce })).toBe("200 {}");
      return performance.now() - startedAt;
    };
    const samples = 9;
    const registered = await Promise.all(
      Array.from({ length: samples + 2 }, async (_, i) => {
        const email = uniqueEmail(`timing-known-${i}`);
        await h.main.server.createUser({ email, password: PASSWORD, userMetadata: { first_name: "Lena" } });
        return email;
      }),
    );
    // Warm-up: the first request of each kind pays for compiling and caching.
    await timed(registered.pop()!);
    await timed(uniqueEmail("timing-ghost"));
    await timed(registered.pop()!);
    await timed(uniqueEmail("timing-ghost"));
    // Each registered address is timed beside an unknown one, first in every other pair: the wait
    // follows the last few sends, so while they speed up (warming up, the machine quietening) the
    // request of a pair that goes first may wait longer, whichever it is.
    const differences: number[] = [];
    for (const [i, email] of registered.entries()) {
      const ghost = uniqueEmail("timing-ghost");
      if (i % 2 === 0) {
        const known = await timed(email);
        differences.push(known - (await timed(ghost)));
      } else {
        const unknown = await timed(ghost);
        differences.push((await timed(email)) - unknown);
      }
    }
    // Generous: other test files share the CPU. Before, a registered address took ~30 ms longer.
    expect(median(differences)).toBeLessThan(20);
  });
});

describe.each(testDbKinds)("names from auth metadata in the app on %s", (kind) => {
  const t = useTestDb(kind, { app: true });

  it("keeps overlong names out of the app's users and the owner's Users screen", async () => {
    const owner = await signedInUser("hardening-owner@example.com", PASSWORD, { first_name: "Olivia" });
    expect((await call(getMe, "/api/users", { token: owner.token })).status).toBe(200);

    // A token whose metadata was set before the caps (or by a hosted Supabase, which has none).
    const long = "L".repeat(5000);
    const bloated = await signedInUser("hardening-long@example.com", PASSWORD, { first_name: long, last_name: long, username: long });
    expect((await call(getMe, "/api/users", { token: bloated.token })).status).toBe(200);
    const [row] = await t().db.select().from(users).where(eq(users.id, bloated.id));
    expect([row!.firstName?.length, row!.lastName?.length, row!.username?.length]).toEqual([100, 100, 100]);

    // An account that never reached the app is listed from its metadata.
    const { createUser } = await import("@/lib/auth-server");
    await createUser({ email: "hardening-unconfirmed@example.com", password: PASSWORD, emailConfirmed: false, userMetadata: { firstName: long } });
    const listed = await call(listUsers, "/api/admin/users", { token: owner.token });
    expect(listed.status).toBe(200);
    const pending = listed.body.find((u: { email: string }) => u.email === "hardening-unconfirmed@example.com");
    expect(pending.firstName.length).toBe(100);
    expect(JSON.stringify(listed.body).length).toBeLessThan(4000);
  });
});
