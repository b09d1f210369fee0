/**
 * An auth server's error in the reader's language: a code the catalogue knows ("authErrors")
 * gets its words, anything else the server's own message, then the caller's fallback.
 */
import type en from "@/messages/en.json";

type AuthErrorCode = keyof (typeof en)["authErrors"];
type Translate = { (key: AuthErrorCode): string; has: (key: AuthErrorCode) => boolean };

export function authErrorText(t: Translate, error: { code?: string; message?: string } | null | undefined, fallback: string): string {
  const code = error?.code as AuthErrorCode | undefined;
  if (code && t.has(code)) return t(code);
  return error?.message || fallback;
}
