"use client";
import { useActionState, useState } from "react";
import { signInAction } from "./actions";

export function SignInForm({ next }: { next: string }) {
  const [state, action, pending] = useActionState(signInAction, null);
  // Issue 26: React resets a form's uncontrolled fields after its action; the email typed stays for the next try.
  const [email, setEmail] = useState("");
  return (
    <form action={action} aria-label="Sign in" className="stack">
      <input type="hidden" name="next" value={next} />
      <label>
        Email <input name="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        Password <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <button type="submit" disabled={pending}>
        Sign in
      </button>
      <p role="alert" className="bad">
        {state?.error ?? ""}
      </p>
    </form>
  );
}
