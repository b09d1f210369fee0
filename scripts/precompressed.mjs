/**
 * Serves the build's scripts and stylesheets from the brotli files made at build time
 * (compress-static.mjs) to browsers that take brotli, with what Next sends for them: its year-long
 * immutable caching (their names change with their content), an ETag, and the headers
 * next.config.ts sets for every path (read from the build's routes manifest, so they stay the
 * same). Anything else (another encoding asked for, a range, a file with no `.br`) is left to Next.
 */
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import Negotiator from "negotiator";

const PREFIX = "/_next/static/chunks/";
const TYPES = { ".js": "application/javascript; charset=UTF-8", ".css": "text/css; charset=UTF-8" };

/** `.br` files under `dir`, by the request path of the file each compresses. */
function index(dir, prefix, into = new Map()) {
  if (!existsSync(dir)) return into;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) index(file, `${prefix}${entry.name}/`, into);
    else if (entry.name.endsWith(".br") && TYPES[path.extname(entry.name.slice(0, -3))]) {
      const { size, mtime } = statSync(file);
      into.set(`${prefix}${entry.name.slice(0, -3)}`, {
        file,
        size,
        type: TYPES[path.extname(entry.name.slice(0, -3))],
        etag: `W/"br-${size.toString(16)}-${mtime.getTime().toString(16)}"`,
        lastModified: mtime.toUTCString(),
      });
    }
  }
  return into;
}

/** The headers next.config.ts gives `pathname`, from the build's routes manifest. */
function configuredHeaders(distDir) {
  const manifest = path.join(distDir, "routes-manifest.json");
  const rules = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, "utf8")).headers ?? []) : [];
  const compiled = rules.map((rule) => ({ regex: new RegExp(rule.regex), headers: rule.headers }));
  return (pathname) => Object.fromEntries(compiled.filter((rule) => rule.regex.test(pathname)).flatMap((rule) => rule.headers.map(({ key, value }) => [key, value])));
}

/**
 * A request handler for the build in `distDir`: answers a request it can serve from a `.br` file
 * and returns true, else returns false and leaves the request alone. The files are listed once:
 * a server serves the build it started with.
 */
export function precompressedAssets(distDir) {
  const assets = index(path.join(distDir, "static", "chunks"), PREFIX);
  const headersFor = configuredHeaders(distDir);
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const pathname = (req.url ?? "").split("?")[0];
    const asset = assets.get(pathname);
    if (!asset || req.headers.range !== undefined) return false;
    if (new Negotiator(req).encoding(["br", "identity"]) !== "br") return false;
    const headers = {
      ...headersFor(pathname),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Last-Modified": asset.lastModified,
      ETag: asset.etag,
      "Content-Type": asset.type,
      Vary: "Accept-Encoding",
    };
    if (req.headers["if-none-match"]?.split(",").some((tag) => tag.trim() === asset.etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    res.writeHead(200, { ...headers, "Content-Encoding": "br", "Content-Length": asset.size });
    if (req.method === "HEAD") {
      res.end();
      return true;
    }
    createReadStream(asset.file)
      .on("error", () => res.destroy())
      .pipe(res);
    return true;
  };
}
