import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

/**
 * This build's version, compiled into the service worker (lib/pwa/sw.ts): it names the worker's
 * cache and changes its bytes, so browsers install each build's worker, which drops the previous
 * build's cache.
 */
const BUILD_VERSION = Date.now().toString(36);

const nextConfig: NextConfig = {
  // PGlite and sql.js ship WASM (each finds its .wasm file beside its own script) and
  // pg-boss/postgres open sockets: load them from node_modules at run time instead of bundling them.
  serverExternalPackages: ["@electric-sql/pglite", "sql.js", "postgres", "pg-boss", "nodemailer", "bcryptjs", "web-push"],
  poweredByHeader: false,
  // `BENCH_WEIGHT_DETAIL=1 npm run bench` names the modules behind each page's scripts when the
  // build has source maps; deployments ship none.
  productionBrowserSourceMaps: process.env.NEXT_BROWSER_SOURCE_MAPS === "1",
  // `npm run typecheck` checks every file (tests included) in CI; `npm start` should not fail on a
  // type error in a test file, nor spend a minute re-checking.
  typescript: { ignoreBuildErrors: true },
  // Every response: no MIME sniffing, no framing by other sites (pages also get a full
  // Content-Security-Policy from proxy.ts), and only our origin as the referrer elsewhere (the
  // YouTube embed needs to know which site embeds it).
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
      {
        // The service worker fetches from this origin only (Next itself adds Service-Worker-Allowed: /).
        source: "/_next/static/service-worker/:path*",
        headers: [{ key: "Content-Security-Policy", value: "default-src 'self'" }],
      },
    ];
  },
  experimental: {
    // Turbopack's build cache speeds the next `npm start` rebuild on this machine; a CI run starts
    // from a clean clone and never reads it, so it would only pay for writing it.
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
  compiler: {
    define: { __LINGOREEL_BUILD__: BUILD_VERSION },
  },
  images: {
    remotePatterns: [{ protocol: "https", hostname: "i.ytimg.com" }],
  },
};

/**
 * The interface's catalogues (messages/<locale>.json) are compiled when imported, so pages ship a
 * small formatter instead of an ICU parser.
 */
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

export default withNextIntl(nextConfig);
