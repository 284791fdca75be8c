import { redirect } from "next/navigation";
import { safeReturnPath } from "@/lib/auth/return-to";
import { currentUser } from "../_lib/current-user";
import { SignInForm } from "./sign-in-form";

export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const next = safeReturnPath((await searchParams).next);
  if (await currentUser()) redirect(next);
  return (
    <>
      <h1>Sign in</h1>
      <p className="muted">No account yet? The first lead is created when the database is set up (see docs/ACCOUNTS.md).</p>
      <SignInForm next={next} />
    </>
  );
}
