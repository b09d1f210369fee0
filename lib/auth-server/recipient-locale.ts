/**
 * The language an account email is written in: the app user's interface language (else their
 * native language), else the language the account was signed up in (`locale` in its metadata,
 * which the sign-up form sends), else the language of the request that sends it (the visitor's
 * cookie, then the browser's Accept-Language).
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users, type AuthUser } from "@/db/schema";
import { LOCALE_COOKIE, isLocale, type Locale } from "@/lib/i18n/locales";
import { negotiateLocale } from "@/lib/i18n/negotiate";
import type { RequestContext } from "./context";

export async function recipientLocale(ctx: RequestContext, tx: DbOrTx, user: AuthUser): Promise<Locale> {
  const [appUser] = await tx
    .select({ interfaceLanguage: users.interfaceLanguage, nativeLanguage: users.nativeLanguage })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  const signedUpIn = user.userMetaData.locale;
  return negotiateLocale({
    user: appUser ?? null,
    cookie: isLocale(signedUpIn) ? signedUpIn : cookieOf(ctx.request, LOCALE_COOKIE),
    acceptLanguage: ctx.request.headers.get("accept-language"),
  });
}

function cookieOf(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return null;
}
