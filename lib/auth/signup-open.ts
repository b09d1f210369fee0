/**
 * Whether this install takes sign-ups (AUTH_DISABLE_SIGNUP unset), or, with sign-ups off, still
 * needs its first account, the owner-to-be: the sign-up screens offer their forms only then, and
 * say the install is invitation-only otherwise.
 */
import "server-only";
import { getDb } from "@/db/client";
import { countUsers } from "@/db/queries/users";
import { env } from "@/lib/env";

export async function signupOpen(): Promise<boolean> {
  if (!env().signupDisabled) return true;
  try {
    return (await countUsers(await getDb())) === 0;
  } catch {
    // No database: the sign-up form would fail anyway; say what is certain.
    return false;
  }
}
