import { getDb } from "@/db/index";
import { listSignInThrottles } from "@/db/queries/sign-in-throttles";
import { listUsers } from "@/db/queries/users";
import { can } from "@/lib/auth/permissions";
import { throttleConfigFromEnv } from "@/lib/auth/throttle";
import { parseAccountSubject } from "@/lib/auth/throttle-scopes";
import { when } from "../_lib/format";
import { requirePageUser } from "../_lib/current-user";
import { AddPersonForm, LiftLockForm, ResetPasswordForm, RolesForm } from "./people-forms";

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
  const db = await getDb();
  const people = await listUsers(db);
  const now = new Date();
  const throttles = await listSignInThrottles(db, now, throttleConfigFromEnv(process.env));
  // Issue 26: an account is locked per address; the badge says it is locked from at least one.
  const lockedAccounts = new Set(throttles.filter((x) => x.scope === "account" && x.lockedUntil !== null).map((x) => parseAccountSubject(x.subject).email));
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
                {lockedAccounts.has(p.email) ? <span className="badge bad"> sign-in locked from an address</span> : null}
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
      <section aria-labelledby="sign-in-locks">
        <h2 id="sign-in-locks">Sign-in locks</h2>
        <p className="muted">
          Accounts as tried from one address (whether anyone holds the email or not), and client addresses with sign-ins on emails nobody holds, with their failures counted. At the limit the account is locked from that address only, or the address for every attempt from it; each further lock lasts twice as long; lifting one clears its count (docs/ACCOUNTS.md).
        </p>
        {throttles.length === 0 ? (
          <p className="muted">No failed sign-ins counted.</p>
        ) : (
          <table aria-label="Sign-in locks">
            <thead>
              <tr>
                <th>account or address</th>
                <th>failures</th>
                <th>locked until (UTC)</th>
                <th>last failure (UTC)</th>
                <th>lift</th>
              </tr>
            </thead>
            <tbody>
              {throttles.map((x) => (
                <tr key={`${x.scope}:${x.subject}`}>
                  <td>
                    {x.scope} {x.subject}
                  </td>
                  <td>{x.failures}</td>
                  <td>{x.lockedUntil ? `${x.lockedUntil.replace("T", " ").slice(0, 19)} (lock ${x.locks})` : "—"}</td>
                  <td>{x.lastFailureAt ? when(x.lastFailureAt) : "—"}</td>
                  <td>
                    <LiftLockForm scope={x.scope} subject={x.subject} locked={x.lockedUntil !== null} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <AddPersonForm />
    </>
  );
}
