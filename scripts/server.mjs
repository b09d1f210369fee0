#!/usr/bin/env node
/**
 * The production HTTP server: Next's request handler behind a node:http server that decides the
 * client's address itself. Next only adds X-Forwarded-For when a request carries none, so a client
 * could otherwise pick its own address for the per-IP limits. Here the address is the socket's,
 * or, with TRUSTED_PROXY_HOPS=n, the one the nearest trusted proxy saw; it reaches the app in a
 * header that carries a per-process secret, so a client cannot forge it.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const CLIENT_ADDRESS_HEADER = "x-lingoreel-client-address";
/** The app reads the secret from here (same process), never from the request. */
export const CLIENT_ADDRESS_SECRET_KEY = Symbol.for("lingoreel.client-address-secret");

/**
 * The client's address: the socket's, or with `trustedHops` proxies in front, the address that
 * the outermost trusted proxy put in X-Forwarded-For (entries further left come from the client).
 */
export function resolveClientAddress(socketAddress, forwardedFor, trustedHops) {
  const socket = normalizeAddress(socketAddress) || "unknown";
  if (!trustedHops) return socket;
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map((entry) => entry.trim());
  const chain = [...forwarded.filter((entry) => entry !== ""), socket];
  // Fewer entries than trusted proxies: the request skipped a proxy; the left-most is all we have.
  const entry = chain[Math.max(0, chain.length - 1 - trustedHops)];
  return normalizeAddress(entry) || socket;
}

/** "::ffff:127.0.0.1" is 127.0.0.1; anything that is not an IP address counts as none. */
function normalizeAddress(address) {
  if (typeof address !== "string") return "";
  let value = address.trim();
  if (value.startsWith("[")) value = value.slice(1, value.indexOf("]"));
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  if (value.toLowerCase().startsWith("::ffff:") && value.includes(".")) value = value.slice(7);
  return isIp(value) ? value.toLowerCase() : "";
}

function isIp(value) {
  return /^(\d{1,3})(\.\d{1,3}){3}$/.test(value) || (/^[0-9a-f:.]+$/i.test(value) && value.includes(":"));
}

/** Whether the request path decodes: "%ZZ" or a lone "%" does not. */
export function hasValidPath(url) {
  const path = (url ?? "/").split("?")[0];
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export function parseTrustedHops(raw) {
  const value = Number(raw?.trim() || "0");
  if (!Number.isInteger(value) || value < 0 || value > 10) {
    throw new Error(`TRUSTED_PROXY_HOPS must be a whole number from 0 to 10, got "${raw}"`);
  }
  return value;
}

export async function startServer({ port, dir, trustedHops }) {
  const secret = randomBytes(24).toString("base64url");
  globalThis[CLIENT_ADDRESS_SECRET_KEY] = secret;
  const { default: next } = await import("next");
  const app = next({ dev: false, dir, port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = http.createServer((req, res) => {
    if (!hasValidPath(req.url)) {
      // Next would fail decoding it and answer 500.
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "bad_request", message: "The address is not valid (malformed percent-encoding)" }));
      return;
    }
    const address = resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedHops);
    req.headers[CLIENT_ADDRESS_HEADER] = `${secret} ${address}`;
    if (!trustedHops) {
      // No proxy is trusted, so no forwarded header is: Next fills them in from the connection.
      for (const name of ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-real-ip"]) {
        delete req.headers[name];
      }
    }
    handle(req, res);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => resolve());
  });
  // Next runs the start-up hook (configuration, migrations, demo content) with the first request:
  // make that request now, so "ready" means ready and a bad setup stops the start.
  await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => {});
  console.log(`LingoReel is ready on http://localhost:${port}`);
  let closing = false;
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      if (closing) process.exit(1);
      closing = true;
      server.close(() => process.exit(0));
      server.closeIdleConnections?.();
      setTimeout(() => process.exit(0), 10_000).unref();
    });
  }
  return server;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  try {
    await startServer({
      port: Number(process.env.PORT || 3000),
      dir: root,
      trustedHops: parseTrustedHops(process.env.TRUSTED_PROXY_HOPS),
    });
  } catch (error) {
    console.error(error?.message ?? error);
    process.exit(1);
  }
}
