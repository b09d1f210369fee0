/**
 * The signed-in user for server-rendered pages: the cookie session, verified and live, and its
 * app user. Cached per request, so the layout and the page share one look-up.
 */
import { cache } from "react";
import type { User } from "@/db/schema";
import { appUserOf } from "./require-user";
import { getCookieSession } from "./server";
import type { VerifiedSession } from "./tokens";

export type PageUser = { session: VerifiedSession; user: User | null };

export const getPageUser = cache(async (): Promise<PageUser | null> => {
  const session = await getCookieSession();
  if (!session) return null;
  // A session that still owes its second factor gets no app data.
  if (session.mfaRequired) return { session, user: null };
  return { session, user: await appUserOf(session) };
});
