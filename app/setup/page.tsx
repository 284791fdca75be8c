import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/db/index";
import { usersExist } from "@/db/queries/users";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password";
import { SetupForm } from "./setup-form";

export const dynamic = "force-dynamic";
// The token is in this page's address: never send it on as a Referer.
export const metadata: Metadata = { referrer: "no-referrer" };

/** /setup?token=…: the one-time link db:setup prints when there are no people yet (docs/ACCOUNTS.md, first start). */
export default async function SetupPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  if (await usersExist(await getDb())) {
    return (
      <>
        <h1>Setup</h1>
        <p role="alert" className="bad">
          Setup is closed: the first lead already exists. <Link href="/sign-in">Sign in</Link> instead; a lead adds people on the People page.
        </p>
      </>
    );
  }
  const token = (await searchParams).token;
  return (
    <>
      <h1>Create the first lead</h1>
      {typeof token === "string" && token ? (
        <>
          <p className="muted">
            This one-time link makes you the workbench&rsquo;s first lead. Choose your email and a password of at least {PASSWORD_MIN_LENGTH} characters (a phrase of three or four words works well).
          </p>
          <SetupForm token={token} />
        </>
      ) : (
        <p className="muted">Open the setup link that <code>npm run db:setup</code> printed (it ends in <code>?token=…</code>), or see docs/ACCOUNTS.md.</p>
      )}
    </>
  );
}
