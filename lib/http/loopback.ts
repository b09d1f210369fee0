/**
 * Which addresses and listen hosts stay on this machine: 127.0.0.0/8, ::1 (also written as an
 * IPv4-mapped ::ffff:127.x.y.z) and the name "localhost". Decides whether an install is
 * loopback-only (no other machine can reach it) from HOST. scripts/server.mjs keeps a plain-JS
 * copy for the socket check; tests/unit/listen-host.test.ts holds the two to the same answers.
 */

/** Whether an IP address (as a socket or HOST gives it) is a loopback address. */
export function isLoopbackAddress(address: string): boolean {
  let value = address.trim().toLowerCase();
  if (value.startsWith("[") && value.endsWith("]")) value = value.slice(1, -1);
  if (value.startsWith("::ffff:") && value.includes(".")) value = value.slice(7);
  if (/^127(\.\d{1,3}){3}$/.test(value)) return value.split(".").every((part) => Number(part) <= 255);
  return value === "::1" || value === "0:0:0:0:0:0:0:1";
}

/** Whether listening on `host` keeps the server reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const value = host.trim().toLowerCase().replace(/\.$/, "");
  return value === "localhost" || isLoopbackAddress(value);
}
