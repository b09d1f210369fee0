/**
 * Account emails from the embedded auth server in the recipient's language: the app user's
 * interface language (else native language), else the language the account was signed up in,
 * else the request's (cookie, then Accept-Language), else English.
 */
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { authServerSuite, PASSWORD, uniqueEmail } from "../helpers/auth-server";
import { testDbKinds } from "../helpers/db";

type EmailWords = Record<string, string>;
const emailWords = (locale: string) => (JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as { email: EmailWords }).email;

describe.each(testDbKinds)("account emails' language on %s", (kind) => {
  const h = authServerSuite(kind);
  const { rawRequest, latestMail } = h;

  it("writes the sign-up confirmation in the language the form was in, and in the browser's otherwise", async () => {
    const german = uniqueEmail("de-signup");
    expect((await rawRequest("POST", "/signup", JSON.stringify({ email: german, password: PASSWORD, data: { first_name: "Jonas", locale: "de" } }))).status).toBe(200);
    const mail = await latestMail(german);
    const de = emailWords("de");
    expect(mail.subject).toBe(de.signupSubject);
    expect(mail.text).toContain(de.signupAction);
    expect(mail.html).toContain(de.closing);
    expect(mail.subject).not.toBe(emailWords("en").signupSubject);

    const french = uniqueEmail("fr-browser");
    await rawRequest("POST", "/signup", JSON.stringify({ email: french, password: PASSWORD }), { "Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5" });
    expect((await latestMail(french)).subject).toBe(emailWords("fr").signupSubject);

    const visitor = uniqueEmail("sv-cookie");
    await rawRequest("POST", "/signup", JSON.stringify({ email: visitor, password: PASSWORD }), { Cookie: "NEXT_LOCALE=sv", "Accept-Language": "fr" });
    expect((await latestMail(visitor)).subject).toBe(emailWords("sv").signupSubject);

    const unknown = uniqueEmail("en-default");
    await rawRequest("POST", "/signup", JSON.stringify({ email: unknown, password: PASSWORD }), { "Accept-Language": "ko" });
    expect((await latestMail(unknown)).subject).toBe("Confirm your LingoReel account");
  });

  it("writes a learner's reset email in their interface language, else their native language", async () => {
    const email = uniqueEmail("ja-reset");
    const account = await h.main.server.createUser({ email, password: PASSWORD, userMetadata: { first_name: "Yui" } });
    await h.t.db.insert(users).values({ id: account.id, email, nativeLanguage: "pt", interfaceLanguage: "ja" });
    expect((await rawRequest("POST", "/recover", JSON.stringify({ email }), { "Accept-Language": "en" })).status).toBe(200);
    const ja = emailWords("ja");
    const mail = await latestMail(email);
    expect(mail.subject).toBe(ja.recoverySubject);
    expect(mail.text.split("\n")[0]).toBe(ja.greeting!.replace("{name}", "Yui"));

    await h.t.db.update(users).set({ interfaceLanguage: null }).where(eq(users.id, account.id));
    h.clock.offsetMs += 120_000;
    expect((await rawRequest("POST", "/recover", JSON.stringify({ email }))).status).toBe(200);
    expect((await latestMail(email)).subject).toBe(emailWords("pt").recoverySubject);
  });
});
