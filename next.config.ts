import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships WASM and pg-boss/postgres open sockets: load them from node_modules at run time
  // instead of bundling them.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "pg-boss", "nodemailer", "bcryptjs"],
  poweredByHeader: false,
  // `npm run typecheck` checks every file (tests included) in CI; `npm start` should not fail on a
  // type error in a test file, nor spend a minute re-checking.
  typescript: { ignoreBuildErrors: true },
  images: {
    remotePatterns: [{ protocol: "https", hostname: "i.ytimg.com" }],
  },
};

export default nextConfig;
