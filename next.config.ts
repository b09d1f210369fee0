import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships WASM and pg-boss/postgres open sockets: load them from node_modules at run time
  // instead of bundling them.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "pg-boss", "nodemailer", "bcryptjs"],
  poweredByHeader: false,
  images: {
    remotePatterns: [{ protocol: "https", hostname: "i.ytimg.com" }],
  },
};

export default nextConfig;
