/**
 * Who may read the dev mailbox, which holds every email the built-in auth server sent, sign-up
 * and password-reset links included: a reader on this machine (the app's HTTP server saw the
 * connection come from a loopback address, with no proxy in between), or a signed-in owner from
 * anywhere. Everyone else is told it does not exist. A request that did not come through the
 * app's server (`next dev`, direct calls) has no trustworthy address, so only owners get in.
 */
import type { User } from "@/db/schema";
import { env } from "@/lib/env";
import { isLocalRequest } from "@/lib/http/client-address";

/**
 * `viewer` finds the signed-in user; it is asked only when the address does not decide, and a
 * failure (no session, a second factor owed) counts as nobody.
 */
export async function mayReadDevMailbox(headers: Headers, viewer: () => Promise<User | null | undefined>): Promise<boolean> {
  if (!env().devMailbox) return false;
  if (isLocalRequest(headers)) return true;
  const user = await viewer().catch(() => null);
  return user?.role === "owner";
}
