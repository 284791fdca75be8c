import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = { title: "Assay", description: "Review and probe-labelling workbench for policy-compliance evaluations" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="top">
          <span className="brand">Assay</span>
          <nav aria-label="Main">
            <a href="/">Runs</a>
            <a href="/pack">Policy pack</a>
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
