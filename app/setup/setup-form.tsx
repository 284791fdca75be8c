"use client";
import { useActionState } from "react";
import { redeemSetupAction } from "./actions";

export function SetupForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState(redeemSetupAction, null);
  return (
    <form action={action} aria-label="Create the first lead" className="stack">
      <input type="hidden" name="token" value={token} />
      <label>
        Email <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        Name <input name="name" maxLength={100} required />
      </label>
      <label>
        Password <input name="password" type="password" autoComplete="new-password" minLength={12} required />
      </label>
      <label>
        Password again <input name="password2" type="password" autoComplete="new-password" minLength={12} required />
      </label>
      <button type="submit" disabled={pending}>
        Create lead and sign in
      </button>
      <p role="alert" className="bad">
        {state?.error ?? ""}
      </p>
    </form>
  );
}
