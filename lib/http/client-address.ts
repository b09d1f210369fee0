/**
 * The client's address as the app's HTTP server (scripts/server.mjs) decided it: from the socket,
 * or from forwarded headers within TRUSTED_PROXY_HOPS. A request that did not pass through that
 * server (`next dev`, tests) has no trustworthy address and gets "unknown", which per-IP limits
 * treat as one shared client: never as a reason to skip them.
 */
export const CLIENT_ADDRESS_HEADER = "x-lingoreel-client-address";
/** "<secret> 1": the server saw this request's own connection come from a loopback address. */
export const CLIENT_LOCAL_HEADER = "x-lingoreel-client-local";
const SECRET_KEY = Symbol.for("lingoreel.client-address-secret");

export const UNKNOWN_ADDRESS = "unknown";

export function clientAddress(headers: Headers): string {
  const secret = (globalThis as Record<symbol, unknown>)[SECRET_KEY];
  const value = headers.get(CLIENT_ADDRESS_HEADER);
  if (typeof secret !== "string" || !value) return UNKNOWN_ADDRESS;
  const space = value.indexOf(" ");
  if (space < 0 || value.slice(0, space) !== secret) return UNKNOWN_ADDRESS;
  return value.slice(space + 1) || UNKNOWN_ADDRESS;
}

/**
 * Whether the app's HTTP server saw this request's connection come from this machine, with no
 * proxy trusted in between. False for a request that did not pass through that server: with no
 * trustworthy address, nothing counts as local.
 */
export function isLocalRequest(headers: Headers): boolean {
  const secret = (globalThis as Record<symbol, unknown>)[SECRET_KEY];
  return typeof secret === "string" && secret !== "" && headers.get(CLIENT_LOCAL_HEADER) === `${secret} 1`;
}
