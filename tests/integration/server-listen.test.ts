/**
 * scripts/server.mjs as a process, with Next's handler replaced by a stub (the app itself needs a
 * build): with no HOST it accepts connections on 127.0.0.1 only, and it tags requests whose own
 * connection comes from this machine with its secret, which a client cannot forge; and it ends a
 * connection whose request was answered before its body had all arrived in order.
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { connects, outsideAddress } from "../helpers/net";

const SERVER = path.resolve("scripts/server.mjs");

// The stub answers "local" when server.mjs tagged the request as from this machine with its secret.
const CHILD = `
import { CLIENT_LOCAL_HEADER, serverOptionsFromEnv, startServer } from ${JSON.stringify(SERVER)};
let server;
const handler = (req, res) => {
  if (req.url === "/connections") {
    server.getConnections((error, count) => res.end(String(count)));
    return;
  }
  if (req.url === "/capped") {
    // As the app's body reader does: it stops reading past the cap and answers 413 at once.
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size <= 1024 * 1024 || res.headersSent) return;
      req.pause();
      res.writeHead(413, { "content-type": "application/json" });
      res.end('{"message":"Request body is too large"}');
    });
    return;
  }
  const secret = globalThis[Symbol.for("lingoreel.client-address-secret")];
  res.end(req.headers[CLIENT_LOCAL_HEADER] === secret + " 1" ? "local" : "not local");
};
server = await startServer({ ...serverOptionsFromEnv(process.env, process.cwd()), handler });
`;

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

async function startStub(env: Record<string, string>): Promise<{ port: number; log: string }> {
  const inherited = { ...process.env };
  delete inherited.HOST;
  delete inherited.TRUSTED_PROXY_HOPS;
  const child = spawn(process.execPath, ["--input-type=module", "-e", CHILD], {
    env: { ...inherited, PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let log = "";
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      const match = /ready on http:\/\/[^\s]*:(\d+)/.exec(log);
      if (match && log.includes("Listening on")) resolve({ port: Number(match[1]), log });
    });
    child.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`the server exited (${code}): ${log}`)));
  });
}

async function get(host: string, port: number, headers: Record<string, string> = {}): Promise<string> {
  return (await send(host, port, headers)).body;
}

/** A GET with any headers, Host included (fetch will not send another Host). */
function send(host: string, port: number, headers: Record<string, string> = {}, path = "/"): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host, port, path, headers, agent: false }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
  });
}

type EarlyAnswer = { status: string; ended: boolean; error?: string };

/**
 * Streams a chunked body to /capped over a raw socket that stays open for writing after the
 * server's end (half-open, as an uploading client may be), and reports the status line, whether
 * the server ended its side, and any error (a reset). After the answer it keeps sending for
 * `keepSendingMs`, then ends its own side; or, with `holdMs`, stays open that long, silent.
 */
function earlyAnswer(port: number, options: { connectionClose?: boolean; keepSendingMs?: number; holdMs?: number } = {}): Promise<EarlyAnswer> {
  const { connectionClose = false, keepSendingMs = 300, holdMs } = options;
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port, allowHalfOpen: true });
    const result: EarlyAnswer = { status: "", ended: false };
    let sending = true;
    const piece = Buffer.concat([Buffer.from("10000\r\n"), Buffer.alloc(0x10000, 0x20), Buffer.from("\r\n")]);
    const pump = () => {
      while (sending && socket.write(piece));
      if (sending) socket.once("drain", pump);
    };
    socket.on("data", (chunk: Buffer) => {
      if (result.status) return;
      result.status = chunk.toString("latin1").split("\r\n")[0]!;
      setTimeout(() => {
        sending = false;
        if (holdMs === undefined) socket.end("0\r\n\r\n");
        else setTimeout(() => socket.destroy(), holdMs);
      }, keepSendingMs);
    });
    socket.on("end", () => (result.ended = true));
    socket.on("error", (error: NodeJS.ErrnoException) => (result.error ??= error.code ?? error.message));
    socket.on("close", () => resolve(result));
    socket.write(`POST /capped HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n${connectionClose ? "Connection: close\r\n" : ""}\r\n`);
    pump();
  });
}

describe("scripts/server.mjs", () => {
  it("with no HOST, listens on 127.0.0.1 only and says so", async () => {
    const { port, log } = await startStub({});
    expect(log).toContain("other machines cannot reach it");
    expect(await connects("127.0.0.1", port)).toBe(true);
    if (outsideAddress) expect(await connects(outsideAddress, port)).toBe(false);
    expect(await connects("::1", port)).toBe(false);
  });

  it.skipIf(!outsideAddress)("with HOST=0.0.0.0, other machines reach it, and only this machine's connections count as local", async () => {
    const { port, log } = await startStub({ HOST: "0.0.0.0" });
    expect(log).toContain("other machines can reach it");
    expect(await get("127.0.0.1", port)).toBe("local");
    // A connection to the machine's network address comes from that address, not loopback.
    expect(await get(outsideAddress!, port)).toBe("not local");
    // A client cannot claim to be local: the header is the server's, tagged with its secret.
    expect(await get(outsideAddress!, port, { "x-lingoreel-client-local": "1", "x-forwarded-for": "127.0.0.1" })).toBe("not local");
  });

  it("with no HOST, refuses a page's rebound name and a proxy's forwarded request, and answers this machine's names", async () => {
    const { port } = await startStub({});
    expect(await send("127.0.0.1", port, { host: `localhost:${port}` })).toEqual({ status: 200, body: "local" });
    expect(await send("127.0.0.1", port, { host: `127.0.0.1:${port}` })).toEqual({ status: 200, body: "local" });
    const rebound = await send("127.0.0.1", port, { host: `attacker.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('does not answer to the name \\"attacker.example\\"');
    const proxied = await send("127.0.0.1", port, { host: `localhost:${port}`, "x-forwarded-for": "203.0.113.9" });
    expect(proxied.status).toBe(403);
    expect(proxied.body).toContain("TRUSTED_PROXY_HOPS");
  });

  it("with no HOST and SITE_URL set, also answers to SITE_URL's name, which never counts as local", async () => {
    const { port } = await startStub({ SITE_URL: "https://lingoreel.example.org" });
    expect(await send("127.0.0.1", port, { host: "lingoreel.example.org" })).toEqual({ status: 200, body: "not local" });
    expect((await send("127.0.0.1", port, { host: "other.example.org" })).status).toBe(403);
  });

  it.skipIf(!outsideAddress)("with HOST=0.0.0.0, a rebound name on a loopback connection does not count as local", async () => {
    const { port } = await startStub({ HOST: "0.0.0.0" });
    expect(await send("127.0.0.1", port, { host: `attacker.example:${port}` })).toEqual({ status: 200, body: "not local" });
  });

  it("behind a trusted proxy, never counts a request as local, since the proxy's connection is", async () => {
    const { port } = await startStub({ TRUSTED_PROXY_HOPS: "1" });
    expect(await get("127.0.0.1", port)).toBe("not local");
    expect(await get("127.0.0.1", port, { "x-forwarded-for": "127.0.0.1" })).toBe("not local");
  });

  it("keeps an idle keep-alive connection open past Node's 5 s, so a client's next request on it is not reset", async () => {
    const { port } = await startStub({});
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const sockets = new Set<unknown>();
      const once = () =>
        new Promise<string>((resolve, reject) => {
          const request = http.get({ host: "127.0.0.1", port, path: "/", agent }, (response) => {
            sockets.add(response.socket);
            let body = "";
            response.on("data", (chunk: Buffer) => (body += chunk.toString()));
            response.on("end", () => resolve(body));
          });
          request.on("error", reject);
        });
      expect(await once()).toBe("local");
      await new Promise((resolve) => setTimeout(resolve, 6000));
      expect(await once()).toBe("local");
      // The same connection served both.
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it("answers a body over the cap while it streams in, then ends the connection in order, reading what still comes instead of resetting", async () => {
    const { port } = await startStub({});
    for (const connectionClose of [false, true]) {
      const answer = await earlyAnswer(port, { connectionClose });
      expect(answer.status, `Connection: close ${connectionClose}`).toBe("HTTP/1.1 413 Payload Too Large");
      // The server ended its side, and took what the client sent after the answer without a reset.
      expect(answer.ended).toBe(true);
      expect(answer.error).toBeUndefined();
    }
  });

  it("closes such a connection 2 s after its client stops sending, instead of holding it open", async () => {
    const { port } = await startStub({});
    // The connection asking counts too, and so may the start's own request, kept alive.
    const openAfter = async (ms: number) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return Number((await send("127.0.0.1", port, {}, "/connections")).body);
    };
    const others = await openAfter(0);
    const answer = earlyAnswer(port, { keepSendingMs: 0, holdMs: 4500 });
    const [before, after] = await Promise.all([openAfter(1000), openAfter(3500)]);
    expect(before).toBe(others + 1);
    expect(after).toBe(others);
    expect(await answer).toEqual({ status: "HTTP/1.1 413 Payload Too Large", ended: true });
  });
});
