"use client";
import { startTransition, useActionState, type FormEvent } from "react";
import { redeemSetupAction } from "./actions";
import { HydratedForm } from "@/app/_components/hydrated-form";

export function SetupForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState(redeemSetupAction, null);
  // Submitted by hand (not <form action>), so a refused password keeps the email and name typed.
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    startTransition(() => action(data));
  };
  return (
    <HydratedForm onSubmit={submit} aria-label="Create the first lead" className="stack">
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
    </HydratedForm>
  );
}
