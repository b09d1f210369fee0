/**
 * Plain HTTP to the server under test, below what a browser or Playwright's request API allows:
 * from a chosen loopback source address (to tell clients apart as the server sees them), with
 * any headers (Host, X-Forwarded-For), and with bodies streamed in pieces.
 */
import http from "node:http";

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; text: string; json<T = Record<string, unknown>>(): T };

export type RawRequest = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Source address of the connection, e.g. "127.12.34.56" (any 127/8 address is this machine). */
  from?: string;
};

export function rawRequest(baseURL: string, path: string, init: RawRequest = {}): Promise<RawResponse> {
  const url = new URL(path, baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: init.method ?? "GET",
        headers: init.headers,
        localAddress: init.from,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

/** A random loopback address, so each run (and each retry) is a client the server has not seen. */
export function freshLoopbackAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 250);
  return `127.${byte()}.${byte()}.${byte()}`;
}

/**
 * Streams up to `totalBytes` of JSON-looking data in chunks without announcing its length, and
 * reports how much had been sent when the server answered: a server that caps the body while
 * reading answers long before the end.
 */
export function streamLargeBody(
  baseURL: string,
  path: string,
  init: { totalBytes: number; chunkBytes?: number; headers?: Record<string, string> },
): Promise<{ status: number; text: string; bytesSentBeforeAnswer: number }> {
  const url = new URL(path, baseURL);
  const chunk = Buffer.alloc(init.chunkBytes ?? 256 * 1024, 0x20);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answeredAt: number | undefined;
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: `${url.pathname}${url.search}`,
      method: "POST",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked", ...init.headers },
      agent: false,
    });
    req.on("response", (res) => {
      answeredAt = sent;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8"), bytesSentBeforeAnswer: answeredAt ?? sent });
      });
    });
    req.on("error", (error) => {
      // The server may close the connection once it has answered; that answer is what counts.
      if (answeredAt === undefined) reject(error);
    });
    const pump = () => {
      while (answeredAt === undefined && sent < init.totalBytes) {
        sent += chunk.byteLength;
        if (!req.write(chunk)) {
          req.once("drain", () => setTimeout(pump, 5));
          return;
        }
      }
      if (answeredAt === undefined) req.end();
    };
    req.write("{\"padding\":\"");
    pump();
  });
}
