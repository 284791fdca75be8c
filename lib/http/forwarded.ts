// Issue 20: forwarded headers are the client's to write. Unless a setting says a proxy sits in front
// (ASSAY_TRUST_PROXY=1), proxy.ts drops them before anything reads them, and Next.js fills them from the socket.

/** Headers a client can use to claim another host, scheme or address. */
export const FORWARDED_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-real-ip"] as const;

/** ASSAY_TRUST_PROXY: "1"/"true" means exactly one reverse proxy in front sets the forwarded headers. Anything else: none. */
export function trustsProxy(value: string | undefined): boolean {
  return value === "1" || value?.toLowerCase() === "true";
}

type HeaderGetter = { get(name: string): string | null };

/** The host a same-origin check compares an Origin with: the proxy's X-Forwarded-Host only when it is trusted. */
export function requestHost(headers: HeaderGetter, trustProxy: boolean): string | null {
  return (trustProxy ? headers.get("x-forwarded-host")?.split(",")[0]?.trim() : null) || headers.get("host");
}

/**
 * The client's address for the sign-in throttle. X-Forwarded-For is then the socket address Next.js wrote (the client's
 * own was dropped), or, behind a trusted proxy, the last entry: the one that proxy appended. IPv4-mapped IPv6 is unwrapped.
 */
export function clientAddress(headers: HeaderGetter): string {
  const last = headers.get("x-forwarded-for")?.split(",").at(-1)?.trim() ?? "";
  const bare = last.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");
  return bare === "" ? "unknown" : bare.slice(0, 64);
}
