/**
 * The email address rule of the auth forms, without zod: the landing page's one-field form checks
 * it in the browser, and the zod schemas of lib/validation/auth.ts use the same pattern.
 */

/** zod 4's own email pattern (`z.regexes.email`). */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address";

/** The address as the form sends it (trimmed), or the message to show. */
export function checkEmail(value: string): { email: string } | { error: string } {
  const email = value.trim();
  return EMAIL_PATTERN.test(email) ? { email } : { error: INVALID_EMAIL_MESSAGE };
}
