import { NextResponse, type NextRequest } from "next/server";

// Pages learn the address that was asked for (Next gives server components no URL), so a signed-out visitor is sent
// back to it after signing in. Only a hint: every page and action still checks the session itself.
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set("x-assay-path", request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: ["/((?!_next/|api/|favicon.ico).*)"] };
