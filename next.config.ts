import type { NextConfig } from "next";
import { contentSecurityPolicy, STATIC_SECURITY_HEADERS } from "./lib/http/security-headers";
import { PROXY_BODY_BUFFER_BYTES } from "./lib/io/upload-limits";

const nextConfig: NextConfig = {
  // better-sqlite3 is a native addon: load it from node_modules at run time, never bundle it.
  serverExternalPackages: ["better-sqlite3"],
  poweredByHeader: false,
  // Parallel builds (several e2e servers on one machine) each need their own output directory.
  distDir: process.env.ASSAY_DIST_DIR || ".next",
  typedRoutes: false,
  experimental: {
    // Issue 26: Next hands proxy.ts a copy of every request body and silently cuts the body the route then reads at
    // this size (10 MB by default): a 12.8 MB run arrived as 5,104 of its 6,240 lines. Above every stated upload limit.
    proxyClientMaxBodySize: PROXY_BODY_BUFFER_BYTES,
  },
  // Issue 20: the build's static files get the security headers too; proxy.ts sets them (with a nonce) on everything else.
  async headers() {
    const headers = [{ key: "Content-Security-Policy", value: contentSecurityPolicy(null) }, ...Object.entries(STATIC_SECURITY_HEADERS).map(([key, value]) => ({ key, value }))];
    return [
      { source: "/_next/static/:path*", headers },
      { source: "/favicon.ico", headers },
    ];
  },
};

export default nextConfig;
