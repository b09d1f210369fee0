/**
 * A fresh key, for one attempt at a quiz (made as the quiz opens): the server applies an answer
 * once per key, so a retry (which sends the same variables, key included) or a second
 * send of the same attempt cannot count it twice, while the next attempt counts. getRandomValues, unlike
 * randomUUID, also exists on a plain-HTTP address of a self-hosted install.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
