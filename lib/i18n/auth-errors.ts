/**
 * An auth server's error in the reader's language: a code the catalogue knows ("authErrors")
 * gets its words, a lost connection says so (not the browser's English "Failed to fetch"),
 * anything else the server's own message, then the caller's fallback.
 */
import type en from "@/messages/en.json";

type AuthErrorCode = keyof (typeof en)["authErrors"];
type Translate = { (key: AuthErrorCode): string; has: (key: AuthErrorCode) => boolean };
type AuthErrorLike = { code?: string; message?: string; name?: string; status?: number };

export function authErrorText(t: Translate, error: AuthErrorLike | null | undefined, fallback: string): string {
  if (isNetworkFailure(error)) return t("network");
  const code = error?.code as AuthErrorCode | undefined;
  if (code && code !== "network" && t.has(code)) return t(code);
  return error?.message || fallback;
}

/** supabase-js reports a failed fetch as an AuthRetryableFetchError with status 0; fetch itself as a TypeError. */
function isNetworkFailure(error: AuthErrorLike | null | undefined): boolean {
  if (!error) return false;
  if (error instanceof TypeError) return true;
  return error.name === "AuthRetryableFetchError" && !error.status;
}
