"use client";
import { startTransition, useActionState, type FormEvent } from "react";
import { ROLES, type Role } from "@/lib/auth/roles";
import { addPersonAction, changeRolesAction, liftLockAction, resetPasswordAction, type PeopleActionResult } from "./actions";
import { HydratedForm } from "@/app/_components/hydrated-form";

const label = (r: Role) => r[0]!.toUpperCase() + r.slice(1);

function Outcome({ state }: { state: PeopleActionResult | null }) {
  if (state?.error) return <span role="alert" className="bad">{state.error}</span>;
  if (state?.data) return <span role="status">{state.data}</span>;
  return null;
}

function RoleBoxes({ checked }: { checked?: readonly Role[] }) {
  return (
    <fieldset className="inline-group">
      <legend>Roles</legend>
      {ROLES.map((r) => (
        <label key={r}>
          <input type="checkbox" name="roles" value={r} defaultChecked={checked?.includes(r)} /> {label(r)}
        </label>
      ))}
    </fieldset>
  );
}

/** Add a person: email, name, at least one role, and an initial password (held to the password policy on the server). */
export function AddPersonForm() {
  const [state, action, pending] = useActionState(addPersonAction, null);
  // Submitted by hand (not <form action>), so a refused add keeps what the lead typed; a successful one remounts the form empty.
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    startTransition(() => action(data));
  };
  return (
    <HydratedForm key={state?.data ?? "form"} onSubmit={submit} aria-label="Add a person" className="card">
      <h2>Add a person</h2>
      <label>
        Email <input name="email" type="email" autoComplete="off" required />
      </label>{" "}
      <label>
        Name <input name="name" maxLength={100} required />
      </label>
      <RoleBoxes />
      <label>
        Initial password <input name="password" type="password" autoComplete="new-password" minLength={12} required />
      </label>{" "}
      <button type="submit" disabled={pending}>
        Add person
      </button>{" "}
      <Outcome state={state} />
      <p className="muted">At least 12 characters, not a known-bad password, not containing their email. Give it to them in person; they sign in with it.</p>
    </HydratedForm>
  );
}

export function RolesForm({ userId, email, roles }: { userId: number; email: string; roles: readonly Role[] }) {
  const [state, action, pending] = useActionState(changeRolesAction, null);
  return (
    <form action={action} aria-label={`Roles of ${email}`}>
      <input type="hidden" name="userId" value={userId} />
      {ROLES.map((r) => (
        <label key={r}>
          <input type="checkbox" name="roles" value={r} defaultChecked={roles.includes(r)} /> {label(r)}{" "}
        </label>
      ))}
      <button type="submit" disabled={pending}>
        Save roles
      </button>{" "}
      <Outcome state={state} />
    </form>
  );
}

export function ResetPasswordForm({ userId, email }: { userId: number; email: string }) {
  const [state, action, pending] = useActionState(resetPasswordAction, null);
  return (
    <form action={action} aria-label={`Reset password of ${email}`}>
      <input type="hidden" name="userId" value={userId} />
      <label>
        New password <input name="password" type="password" autoComplete="new-password" minLength={12} required />
      </label>{" "}
      <button type="submit" disabled={pending}>
        Reset password
      </button>{" "}
      <Outcome state={state} />
    </form>
  );
}

/** Lifts the sign-in lock (and the failure count) on one account or address (issue 20). */
export function LiftLockForm({ scope, subject, locked }: { scope: "account" | "address"; subject: string; locked: boolean }) {
  const [state, action, pending] = useActionState(liftLockAction, null);
  return (
    <form action={action} aria-label={`Sign-in lock on ${subject}`}>
      <input type="hidden" name="scope" value={scope} />
      <input type="hidden" name="subject" value={subject} />
      <button type="submit" disabled={pending}>
        {locked ? "Lift lock" : "Clear failures"}
      </button>{" "}
      <Outcome state={state} />
    </form>
  );
}
