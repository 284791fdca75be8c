import { getDb } from "@/db/index";
import { listUsers } from "@/db/queries/users";
import { can } from "@/lib/auth/permissions";
import { when } from "../_lib/format";
import { requirePageUser } from "../_lib/current-user";
import { AddPersonForm, ResetPasswordForm, RolesForm } from "./people-forms";

export const dynamic = "force-dynamic";

/** People (issue 5): lead only. The page checks manage_users itself; every action checks it again on the server. */
export default async function UsersPage() {
  const user = await requirePageUser();
  if (!can(user, "manage_users")) {
    return (
      <>
        <h1>People</h1>
        <p className="muted">Managing people needs the lead role.</p>
      </>
    );
  }
  const people = listUsers(getDb());
  return (
    <>
      <h1>People</h1>
      <p className="muted">
        Everyone who can sign in, with their roles (docs/ACCOUNTS.md). Roles add up; the last lead keeps the lead role. Resetting a password ends that person&rsquo;s sessions. Every change is in the audit log.
      </p>
      <table aria-label="People">
        <thead>
          <tr>
            <th>email</th>
            <th>name</th>
            <th>roles</th>
            <th>created (UTC)</th>
            <th>change roles</th>
            <th>reset password</th>
          </tr>
        </thead>
        <tbody>
          {people.map((p) => (
            <tr key={p.id}>
              <td>
                {p.email}
                {p.id === user.id ? <span className="muted"> (you)</span> : null}
              </td>
              <td>{p.name}</td>
              <td>{p.roles.join(", ")}</td>
              <td>{when(p.createdAt)}</td>
              <td>
                <RolesForm userId={p.id} email={p.email} roles={p.roles} />
              </td>
              <td>
                <ResetPasswordForm userId={p.id} email={p.email} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <AddPersonForm />
    </>
  );
}
