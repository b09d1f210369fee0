/**
 * What an email link brought back in the address the browser arrived at: an error (fragment or
 * query, as the auth server sends both), tokens (implicit flow), or a message (the first of two
 * email-change confirmations), or a PKCE `?code=`. The callback and reset-password screens both read it.
 */
export type LinkResult = {
  /** The error code (`otp_expired`, …) or, failing that, the OAuth-style error. */
  error: { code: string | null; description: string | null } | null;
  tokens: { accessToken: string; refreshToken: string } | null;
  message: string | null;
  /** The PKCE code a followed link came back with (the browser that holds its verifier redeems it). */
  code: string | null;
};

/** Decodes a `+`-for-space, percent-encoded value, leaving a malformed one as it is. */
function decode(value: string | null): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

export function readLinkResult(location: { hash: string; search: string }): LinkResult {
  const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
  const query = new URLSearchParams(location.search);
  const get = (name: string) => hash.get(name) ?? query.get(name);

  const code = get("error_code");
  const oauthError = get("error");
  // Descriptions arrive encoded once more than the parameters around them.
  const error = code || oauthError ? { code: code ?? oauthError, description: decode(get("error_description")) } : null;
  const accessToken = hash.get("access_token");
  const refreshToken = hash.get("refresh_token");
  return {
    error,
    tokens: accessToken && refreshToken ? { accessToken, refreshToken } : null,
    message: get("message"),
    code: query.get("code"),
  };
}
