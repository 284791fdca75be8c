"use client";
import { useActionState } from "react";
import { signInAction } from "./actions";

export function SignInForm({ next }: { next: string }) {
  const [state, action, pending] = useActionState(signInAction, null);
  return (
    <form action={action} aria-label="Sign in" className="stack">
      <input type="hidden" name="next" value={next} />
      <label>
        Email <input name="email" type="email" autoComplete="username" required />
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
