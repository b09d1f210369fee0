/**
 * Limits on the user metadata a client sets (sign-up's and PUT /user's `data`). It goes into every
 * access token, the database and the owner's Users screen, and its names into account emails, so
 * nobody may store megabytes of it. GoTrue caps only the whole body (1 MiB); these checks are
 * field rules, answered like GoTrue's other field rules: 400 `validation_failed`.
 */
import { validationFailed } from "./errors";

/** Enough for names, an avatar URL and a few preferences. */
export const MAX_USER_METADATA_BYTES = 4096;
/** The longest first, last or full name, as the app's own settings allow. */
export const MAX_NAME_LENGTH = 100;
/** The metadata keys that name a person, as supabase-js apps (this one included) spell them. */
export const NAME_KEYS = ["first_name", "last_name", "firstName", "lastName", "full_name", "name"] as const;

/** Refuses a name longer than the cap among the keys being set. */
export function checkNames(data: Record<string, unknown>): void {
  for (const key of NAME_KEYS) {
    const value = data[key];
    if (typeof value === "string" && value.length > MAX_NAME_LENGTH) {
      throw validationFailed(`${key} must be at most ${MAX_NAME_LENGTH} characters`);
    }
  }
}

/** Refuses metadata whose JSON is over the cap (the user's whole metadata, after a merge). */
export function checkMetadataSize(metadata: Record<string, unknown>): void {
  const bytes = Buffer.byteLength(JSON.stringify(metadata), "utf8");
  if (bytes > MAX_USER_METADATA_BYTES) {
    throw validationFailed(`User metadata must be at most ${MAX_USER_METADATA_BYTES} bytes of JSON (this is ${bytes})`);
  }
}

/** `value` cut to at most `max` UTF-16 units, never between the two halves of a character. */
export function truncateText(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
