import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // better-sqlite3 is a native addon: load it from node_modules at run time, never bundle it.
  serverExternalPackages: ["better-sqlite3"],
  poweredByHeader: false,
  // Parallel builds (several e2e servers on one machine) each need their own output directory.
  distDir: process.env.ASSAY_DIST_DIR || ".next",
  typedRoutes: false,
};

export default nextConfig;
