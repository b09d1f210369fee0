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

/** The files compressed at build time (compress-static.mjs), by extension, with the type each is sent as. */
export const CONTENT_TYPES = { ".js": "application/javascript; charset=UTF-8", ".css": "text/css; charset=UTF-8" };

/** Every file under `dir`, as paths relative to it (none when there is no `dir`). */
export const filesUnder = (dir) => (existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((name) => statSync(path.join(dir, name)).isFile()) : []);

/** The `.br` files of the build's chunks in `chunks`, by the request path of the file each compresses. */
function index(chunks) {
  const assets = new Map();
  for (const name of filesUnder(chunks)) {
    const original = name.slice(0, -3);
    const type = CONTENT_TYPES[path.extname(original)];
    if (!name.endsWith(".br") || !type) continue;
    const file = path.join(chunks, name);
    const { size, mtime } = statSync(file);
    assets.set(`${PREFIX}${original.split(path.sep).join("/")}`, {
      file,
      size,
      type,
      etag: `W/"br-${size.toString(16)}-${mtime.getTime().toString(16)}"`,
      lastModified: mtime.toUTCString(),
    });
  }
  return assets;
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
  const assets = index(path.join(distDir, "static", "chunks"));
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
