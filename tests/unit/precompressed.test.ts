/**
 * The build's scripts and stylesheets compressed once with brotli (scripts/compress-static.mjs),
 * and served from those files to a browser that takes brotli (scripts/precompressed.mjs), with the
 * headers Next gives them; every other request is left to Next.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module without type declarations
import { compressStatic } from "../../scripts/compress-static.mjs";
// @ts-expect-error: a plain ES module without type declarations
import { precompressedAssets } from "../../scripts/precompressed.mjs";

let dist: string;
const chunk = (name: string) => path.join(dist, "static", "chunks", name);
const SCRIPT = `(function(){${"console.log('a line of the app');".repeat(200)}})();\n`;
const STYLES = `${".card{color:red;padding:1rem}".repeat(200)}\n`;

let server: http.Server;
let base: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "precompressed-"));
  mkdirSync(path.join(dist, "static", "chunks", "pages"), { recursive: true });
  writeFileSync(chunk("app.js"), SCRIPT);
  writeFileSync(chunk("pages/home.js"), SCRIPT);
  writeFileSync(chunk("app.css"), STYLES);
  writeFileSync(chunk("tiny.css"), "a");
  writeFileSync(chunk("data.json"), JSON.stringify({ words: Array(200).fill("palabra") }));
  // Left by an earlier build whose script is gone.
  writeFileSync(chunk("old.js.br"), "stale");
  // As the build writes next.config.ts's headers.
  writeFileSync(
    path.join(dist, "routes-manifest.json"),
    JSON.stringify({
      headers: [
        { source: "/:path*", regex: "^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] },
        { source: "/elsewhere/:path*", regex: "^/elsewhere(?:/.*)?$", headers: [{ key: "X-Elsewhere", value: "1" }] },
      ],
    }),
  );
  await compressStatic(dist);
  const assets = precompressedAssets(dist);
  server = http.createServer((req, res) => {
    if (!assets(req, res)) res.end("left to next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

/** A raw GET (fetch would decode the body and hide the encoding). */
function get(urlPath: string, headers: Record<string, string> = {}, method = "GET"): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    // The path as given (a URL would resolve its "..").
    const req = http.request(base, { method, headers, path: urlPath }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };

describe("compressStatic", () => {
  it("writes a brotli copy of each script and stylesheet that it makes smaller, and removes copies whose file is gone", () => {
    for (const name of ["app.js", "pages/home.js", "app.css"]) {
      const compressed = readFileSync(`${chunk(name)}.br`);
      expect(compressed.length).toBeLessThan(readFileSync(chunk(name)).length / 10);
      expect(brotliDecompressSync(compressed).equals(readFileSync(chunk(name)))).toBe(true);
    }
    expect(existsSync(chunk("tiny.css.br"))).toBe(false);
    expect(existsSync(chunk("data.json.br"))).toBe(false);
    expect(existsSync(chunk("old.js.br"))).toBe(false);
  });
});

describe("precompressedAssets", () => {
  it("sends a browser that takes brotli the compressed file, with Next's caching and the configured headers", async () => {
    const res = await get("/_next/static/chunks/app.js", BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      "content-encoding": "br",
      "content-type": "application/javascript; charset=UTF-8",
      "cache-control": "public, max-age=31536000, immutable",
      vary: "Accept-Encoding",
      "x-content-type-options": "nosniff",
      "content-length": String(res.body.length),
    });
    expect(res.headers["x-elsewhere"]).toBeUndefined();
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);

    const styles = await get("/_next/static/chunks/app.css?v=1", BROWSER);
    expect(styles.headers["content-type"]).toBe("text/css; charset=UTF-8");
    expect(brotliDecompressSync(styles.body).toString()).toBe(STYLES);
    expect(brotliDecompressSync((await get("/_next/static/chunks/pages/home.js", BROWSER)).body).toString()).toBe(SCRIPT);
  });

  it("answers a request for the copy the browser has with 304, and HEAD with the headers alone", async () => {
    const first = await get("/_next/static/chunks/app.js", BROWSER);
    const again = await get("/_next/static/chunks/app.js", { ...BROWSER, "if-none-match": first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    const head = await get("/_next/static/chunks/app.js", BROWSER, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(first.headers["content-length"]);
    expect(head.body.length).toBe(0);
  });

  it("leaves to Next a client without brotli, a range, another method, and a file with no brotli copy", async () => {
    const leftToNext = async (urlPath: string, headers: Record<string, string>, method = "GET") => (await get(urlPath, headers, method)).body.toString();
    expect(await leftToNext("/_next/static/chunks/app.js", { "accept-encoding": "gzip, deflate" })).toBe("left to next");
    expect(await leftToNext("/_next/static/chunks/app.js", { "accept-encoding": "br;q=0, gzip" })).toBe("left to next");
    expect(await leftToNext("/_next/static/chunks/app.js", {})).toBe("left to next");
    expect(await leftToNext("/_next/static/chunks/app.js", { ...BROWSER, range: "bytes=0-10" })).toBe("left to next");
    expect(await leftToNext("/_next/static/chunks/app.js", BROWSER, "POST")).toBe("left to next");
    for (const other of ["/_next/static/chunks/tiny.css", "/_next/static/chunks/data.json", "/_next/static/chunks/old.js", "/_next/static/chunks/../chunks/app.js", "/app.js"]) {
      expect(await leftToNext(other, BROWSER)).toBe("left to next");
    }
  });
});
