import type { Metadata } from "next";
import Link from "next/link";
import "./globals.css";
import { can } from "@/lib/auth/permissions";
import { currentUser } from "./_lib/current-user";
import { signOutAction } from "./sign-in/actions";

export const metadata: Metadata = { title: "Assay", description: "Review and probe-labelling workbench for policy-compliance evaluations" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const user = await currentUser();
  return (
    <html lang="en">
      <body>
        <header className="top">
          <span className="brand">Assay</span>
          {user ? (
            <>
              <nav aria-label="Main">
                <Link href="/">Runs</Link>
                <Link href="/compare">Compare</Link>
                <Link href="/baselines">Baselines</Link>
                {can(user, "author_golden") ? <Link href="/golden">Golden</Link> : null}
                <Link href="/probes">Probes</Link>
                <Link href="/audit">Audit log</Link>
                <Link href="/pack">Policy pack</Link>
                {can(user, "manage_users") ? <Link href="/users">People</Link> : null}
              </nav>
              <form action={signOutAction} className="actor-form" aria-label="Account">
                <span title={user.roles.join(", ")}>
                  {user.email} ({user.roles.join(", ")})
                </span>{" "}
                <button type="submit">Sign out</button>
              </form>
            </>
          ) : null}
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
