/** The public origin a request was made to: a reverse proxy's forwarded scheme and host win. */

function firstValue(header: string | null): string | undefined {
  const value = header?.split(",")[0]?.trim();
  return value || undefined;
}

/** Undefined when the headers name no host and there is no request URL to fall back on. */
export function originFromHeaders(headers: Headers, requestUrl?: URL): string | undefined {
  const host = firstValue(headers.get("x-forwarded-host")) || headers.get("host") || requestUrl?.host;
  const proto = firstValue(headers.get("x-forwarded-proto")) || requestUrl?.protocol.replace(/:$/, "") || "http";
  if (!host) return undefined;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return requestUrl?.origin;
  }
}
