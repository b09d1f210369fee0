/** The browser's side of two-factor sign-in: whether this session still owes a code, and passing it. */
import type { SupabaseClient } from "@supabase/supabase-js";

/** True when the account has a verified factor and this session has not passed it yet (aal1 → aal2). */
export async function needsSecondFactor(supabase: SupabaseClient): Promise<boolean> {
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error || !data) return false;
  return data.nextLevel === "aal2" && data.currentLevel !== "aal2";
}

export const NO_FACTOR_MESSAGE = "This account has no authenticator app set up.";
export const INVALID_CODE_MESSAGE = "That code is not valid. Enter the newest code from your app.";

/** Checks a code against the account's authenticator; resolves to an error message, or null once the session is aal2. */
export async function verifySecondFactor(supabase: SupabaseClient, code: string): Promise<string | null> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) return error.message;
  const factor = data.totp.find((f) => f.status === "verified");
  if (!factor) return NO_FACTOR_MESSAGE;
  const result = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
  if (result.error) {
    return result.error.code === "mfa_verification_failed" ? INVALID_CODE_MESSAGE : result.error.message;
  }
  return null;
}
