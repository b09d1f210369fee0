/**
 * When a signed-in page, which arrived with the server's access token, hands the session over to
 * supabase-js (loaded on demand: components/providers/auth-provider.tsx). The server's token
 * serves requests until supabase-js would refresh it (90 s before it expires); supabase-js is
 * loaded twice that margin before (180 s), so it refreshes the token in time, and at once when
 * another tab signs in or out (supabase-js announces that on a BroadcastChannel named after the
 * session cookie).
 */
import type { AuthSession } from "./auth-context";

/** supabase-js refreshes a token 90 s before it expires; the server's token serves until then. */
export const REFRESH_MARGIN_MS = 90_000;
/** supabase-js is loaded this long before the token expires. */
export const HANDOVER_BEFORE_EXPIRY_MS = 2 * REFRESH_MARGIN_MS;

export function expiresInMs(session: AuthSession, now = Date.now()): number {
  return (session.expires_at ?? 0) * 1000 - now;
}

/** The server's token while it is good for more than the refresh margin, else null (ask supabase-js). */
export function serverToken(session: AuthSession | undefined, now = Date.now()): string | null {
  return session && expiresInMs(session, now) > REFRESH_MARGIN_MS ? session.access_token : null;
}

/**
 * Calls `load` (which loads supabase-js) 180 s before `session` expires, or when a message comes
 * on `channelName` (another tab signed in or out); returns a function that stops both.
 */
export function handOverBeforeExpiry(session: AuthSession, load: () => void, channelName: string): () => void {
  const timer = setTimeout(load, Math.max(0, expiresInMs(session) - HANDOVER_BEFORE_EXPIRY_MS));
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(channelName);
  if (channel) channel.onmessage = () => load();
  return () => {
    clearTimeout(timer);
    channel?.close();
  };
}
