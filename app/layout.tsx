import type { Metadata } from "next";
import Link from "next/link";
import "./globals.css";
import { ActorForm } from "./_components/actor-form";
import { currentActor } from "./_lib/current-actor";

export const metadata: Metadata = { title: "Assay", description: "Review and probe-labelling workbench for policy-compliance evaluations" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const actor = await currentActor();
  return (
    <html lang="en">
      <body>
        <header className="top">
          <span className="brand">Assay</span>
          <nav aria-label="Main">
            <Link href="/">Runs</Link>
            <Link href="/probes">Probes</Link>
            <Link href="/audit">Audit log</Link>
            <Link href="/pack">Policy pack</Link>
          </nav>
          <ActorForm actor={actor} />
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
