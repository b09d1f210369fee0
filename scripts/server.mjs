#!/usr/bin/env node
/**
 * The production HTTP server: Next's request handler behind a node:http server that decides the
 * client's address itself. Next only adds X-Forwarded-For when a request carries none, so a client
 * could otherwise pick its own address for the per-IP limits. Here the address is the socket's,
 * or, with TRUSTED_PROXY_HOPS=n, the one the nearest trusted proxy saw; it reaches the app in a
 * header that carries a per-process secret, so a client cannot forge it.
 *
 * It listens on 127.0.0.1 unless HOST says otherwise, so a default install (whose demo accounts'
 * passwords are published and whose dev mailbox shows reset links) is reachable from this machine
 * only. Whether a request came from this machine reaches the app the same secret-tagged way: the
 * dev mailbox opens to it. A loopback socket is not enough for that: a web page can point its own
 * name at 127.0.0.1 (DNS rebinding) and have the browser call the app with that name in Host, and
 * a proxy on this machine connects from loopback for every client. So a request counts as local
 * only when its Host names this machine and it carries no proxy's forwarding header; and a
 * loopback-only server refuses requests that name another host or came through a proxy.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { precompressedAssets } from "./precompressed.mjs";

/** How long an idle keep-alive connection stays open (ms). */
export const KEEP_ALIVE_MS = 65_000;

export const CLIENT_ADDRESS_HEADER = "x-lingoreel-client-address";
/** "<secret> 1" when the request's own connection comes from this machine and no proxy is trusted. */
export const CLIENT_LOCAL_HEADER = "x-lingoreel-client-local";
/** The app reads the secret from here (same process), never from the request. */
export const CLIENT_ADDRESS_SECRET_KEY = Symbol.for("lingoreel.client-address-secret");

/** How long a connection whose request was answered before its body had all arrived still reads and drops what comes: idle, and at most. */
const LINGER_IDLE_MS = 2_000;
const LINGER_MAX_MS = 30_000;

/**
 * A request answered before its body had all arrived (a body over a route's cap gets its 413 as
 * soon as it passes the cap) leaves its client still sending. Left alone, such a connection stayed
 * open, unread, until Node's request timeout (5 minutes), holding megabytes in buffers; and a
 * client that asked to close had its connection destroyed while its data still came in, which
 * resets it, and a reset can discard the answer before the client has read it. So the connection
 * ends in order, as web servers do ("lingering close"): the answer, then the end of our side, while
 * what still arrives is read and dropped until the client closes, or stops sending for 2 s, or for
 * 30 s at most.
 */
export function endAfterEarlyAnswer(req, res) {
  // Taken now: by the time the answer is out, the request has let go of it.
  const socket = req.socket;
  res.once("finish", () => {
    // `_dump` is how Node itself reads and drops a body no one reads; a Node without it closes as before.
    if (req.complete || socket.destroyed || typeof req._dump !== "function") return;
    // Node ends a closing connection once the answer is out, and destroys it when that end is sent.
    socket.removeListener("finish", socket.destroy);
    // What still comes is read and dropped (the parser stopped reading when the handler stopped
    // taking the body).
    req._dump();
    const close = () => socket.destroy();
    socket.setTimeout(LINGER_IDLE_MS, close);
    const atMost = setTimeout(close, LINGER_MAX_MS).unref();
    socket.once("close", () => clearTimeout(atMost));
    socket.once("end", close);
    if (socket.writable) socket.end();
    socket.resume();
  });
}

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

/** Headers a proxy adds on the way: a request that has one did not come straight from its client. */
const FORWARDING_HEADERS = ["x-forwarded-for", "x-forwarded-host", "forwarded", "x-real-ip", "via"];

export function cameThroughProxy(headers) {
  return FORWARDING_HEADERS.some((name) => headers[name] !== undefined);
}

/** The name in a Host header: "localhost:3000" is localhost, "[::1]:3000" is ::1. */
export function hostName(hostHeader) {
  const value = String(hostHeader ?? "").trim().toLowerCase();
  if (value.startsWith("[")) return value.slice(1, value.indexOf("]") > 0 ? value.indexOf("]") : undefined);
  const colon = value.lastIndexOf(":");
  return colon > 0 && value.indexOf(":") === colon ? value.slice(0, colon) : value;
}

/**
 * Whether a request comes from this machine: its connection is a loopback one, no proxy is
 * trusted (a proxy on the same machine makes every client's connection look local) and none
 * forwarded it, and its Host names this machine (not a rebound outside name).
 */
export function isLocalClient(req, trustedHops) {
  if (trustedHops || cameThroughProxy(req.headers)) return false;
  const address = normalizeAddress(req.socket.remoteAddress);
  return address !== "" && isLoopbackAddress(address) && isLoopbackHost(hostName(req.headers.host));
}

/**
 * Why a loopback-only server (no trusted proxy) refuses a request, or null: one naming another
 * host (DNS rebinding, or a proxy passing its public name) unless SITE_URL names it, or one a
 * proxy forwarded, since the demo accounts and the mailbox of such an install are for this
 * machine alone.
 */
export function loopbackRefusal(headers, allowedHosts) {
  if (cameThroughProxy(headers)) {
    return "This server is for this machine only and does not take proxied requests: behind a reverse proxy, set TRUSTED_PROXY_HOPS (see README).";
  }
  const name = hostName(headers.host);
  if (!isLoopbackHost(name) && !allowedHosts.includes(name)) {
    return `This server is for this machine only and does not answer to the name "${name}": open it at localhost, or set SITE_URL (or HOST) to serve it under that name.`;
  }
  return null;
}

/** 127.0.0.0/8 and ::1 (lib/http/loopback.ts holds the app's copy; a unit test keeps them equal). */
export function isLoopbackAddress(address) {
  let value = String(address).trim().toLowerCase();
  if (value.startsWith("[") && value.endsWith("]")) value = value.slice(1, -1);
  if (value.startsWith("::ffff:") && value.includes(".")) value = value.slice(7);
  if (/^127(\.\d{1,3}){3}$/.test(value)) return value.split(".").every((part) => Number(part) <= 255);
  return value === "::1" || value === "0:0:0:0:0:0:0:1";
}

export function isLoopbackHost(host) {
  const value = String(host).trim().toLowerCase().replace(/\.$/, "");
  return value === "localhost" || isLoopbackAddress(value);
}

/** The address to listen on: HOST (brackets around an IPv6 address dropped), else 127.0.0.1. */
export function listenHost(raw) {
  const value = (raw ?? "").trim();
  if (value === "") return "127.0.0.1";
  return value.startsWith("[") && value.endsWith("]") ? value.slice(1, -1) : value;
}

const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "0:0:0:0:0:0:0:0"]);

/** The URL to open in a browser on this machine for a server listening on `host`. */
export function localUrl(host, port) {
  if (WILDCARD_HOSTS.has(host) || host === "127.0.0.1" || host.toLowerCase() === "localhost") return `http://localhost:${port}`;
  return addressUrl(host, port);
}

function addressUrl(host, port) {
  return host.includes(":") ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

/** The start log's lines: where the app is, and who can reach it. */
export function listenMessage(host, port, trustedHops = 0) {
  const url = localUrl(host, port);
  if (isLoopbackHost(host) && trustedHops) {
    return [`LingoReel is ready on ${url}`, `Listening on ${host}, behind ${trustedHops} trusted proxy hop(s) (TRUSTED_PROXY_HOPS) that other machines reach it through.`];
  }
  if (isLoopbackHost(host)) {
    return [
      `LingoReel is ready on ${url}`,
      `Listening on ${host} only: other machines cannot reach it. To serve your network, set HOST=0.0.0.0 (see README, "Reaching it from other machines").`,
    ];
  }
  const where = WILDCARD_HOSTS.has(host) ? "every network interface" : host;
  return [`LingoReel is ready on ${url}`, `Listening on ${where}: other machines can reach it (HOST=${host}).`];
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

/**
 * Serves the app on `host` (default 127.0.0.1). `handler` stands in for Next's request handler
 * (tests); without it the app's build in `dir` is served. Its scripts and stylesheets go out as
 * the brotli files made at build time, to browsers that take them (precompressed.mjs).
 */
export async function startServer({ port, dir, trustedHops, host = "127.0.0.1", allowedHosts = [], handler }) {
  const loopbackOnly = isLoopbackHost(host) && !trustedHops;
  const secret = randomBytes(24).toString("base64url");
  globalThis[CLIENT_ADDRESS_SECRET_KEY] = secret;
  let handle = handler;
  if (!handle) {
    const { default: next } = await import("next");
    const app = next({ dev: false, dir, port });
    handle = app.getRequestHandler();
    await app.prepare();
  }
  const assets = dir ? precompressedAssets(path.join(dir, ".next")) : null;
  const server = http.createServer((req, res) => {
    endAfterEarlyAnswer(req, res);
    if (!hasValidPath(req.url)) {
      // Next would fail decoding it and answer 500.
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "bad_request", message: "The address is not valid (malformed percent-encoding)" }));
      return;
    }
    const refusal = loopbackOnly ? loopbackRefusal(req.headers, allowedHosts) : null;
    if (refusal) {
      res.writeHead(403, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "forbidden", message: refusal }));
      return;
    }
    const address = resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedHops);
    req.headers[CLIENT_ADDRESS_HEADER] = `${secret} ${address}`;
    if (isLocalClient(req, trustedHops)) req.headers[CLIENT_LOCAL_HEADER] = `${secret} 1`;
    else delete req.headers[CLIENT_LOCAL_HEADER];
    if (!trustedHops) {
      // No proxy is trusted, so no forwarded header is: Next fills them in from the connection.
      for (const name of ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-real-ip"]) {
        delete req.headers[name];
      }
    }
    if (assets?.(req, res)) return;
    handle(req, res);
  });
  // Node closes an idle keep-alive connection after 5 s; a client that sends its next request on
  // it just then gets the connection reset (a POST is not retried). Browsers, proxies and load
  // balancers keep idle connections for a minute or more: this server outlasts them.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = server.address()?.port ?? port;
  // Next runs the start-up hook (configuration, migrations, demo content) with the first request:
  // make that request now, so "ready" means ready and a bad setup stops the start.
  const probeHost = WILDCARD_HOSTS.has(host) ? "127.0.0.1" : host;
  await fetch(`${addressUrl(probeHost, actualPort)}/api/health`).catch(() => {});
  for (const line of listenMessage(host, actualPort, trustedHops)) console.log(line);
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

/** The server's settings from the environment, as `npm start` passes them (lib/env.ts validated them). */
export function serverOptionsFromEnv(source, dir) {
  return {
    port: Number(source.PORT || 3000),
    host: listenHost(source.HOST),
    dir,
    trustedHops: parseTrustedHops(source.TRUSTED_PROXY_HOPS),
    allowedHosts: siteHost(source.SITE_URL),
  };
}

/** SITE_URL's host name, the one other name a loopback-only server answers to. */
function siteHost(siteUrl) {
  try {
    return siteUrl ? [new URL(siteUrl).hostname.replace(/^\[|\]$/g, "").toLowerCase()] : [];
  } catch {
    return [];
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  try {
    await startServer(serverOptionsFromEnv(process.env, root));
  } catch (error) {
    console.error(error?.message ?? error);
    process.exit(1);
  }
}
