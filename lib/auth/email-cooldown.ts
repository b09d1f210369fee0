/**
 * The auth server lets one email of a kind go to an address a minute. It refuses an early request
 * with `over_email_send_rate_limit` and "…you can only request this after N seconds." (GoTrue's
 * words, hosted or embedded): the N is when the screen may offer to send again.
 */
const WAIT = /after (\d+) seconds?/i;

/** Seconds until another email may be requested, or null when `error` is not that refusal. */
export function emailCooldownSeconds(error: unknown): number | null {
  if (!error || typeof error !== "object") return null;
  const { message } = error as { message?: unknown };
  const wait = typeof message === "string" ? WAIT.exec(message) : null;
  return wait ? Math.max(1, Number(wait[1])) : null;
}
