/**
 * next-intl's request configuration (named in next.config.ts): the language of this request
 * (negotiate.ts) and its catalogue, precompiled at build time (messages/<locale>.json).
 */
import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { getPageUser } from "@/lib/auth/page-user";
import { negotiateLocale } from "./negotiate";
import { LOCALE_COOKIE } from "./locales";

export default getRequestConfig(async () => {
  const [signedIn, jar, head] = await Promise.all([getPageUser().catch(() => null), cookies(), headers()]);
  const locale = negotiateLocale({
    user: signedIn?.user,
    cookie: jar.get(LOCALE_COOKIE)?.value,
    acceptLanguage: head.get("accept-language"),
  });
  return {
    locale,
    messages: (await import(`../../messages/${locale}.json`)).default,
    // Dates and times as the learner's clock shows them (their saved zone), on the server and in the browser alike.
    timeZone: signedIn?.user?.timeZone ?? "UTC",
  };
});
