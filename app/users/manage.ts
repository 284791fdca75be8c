import "server-only";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/index";
import { findUserById } from "@/db/queries/users";
import { liftSignInLock } from "@/db/writes/sign-in";
import { addPerson as addPersonRow, changeRoles as changeRolesRow, resetPassword as resetPasswordRow } from "@/db/writes/users";
import { THROTTLE_SCOPES } from "@/lib/auth/throttle-scopes";
import { hashPassword } from "@/lib/auth/password";
import { checkPasswordReset } from "@/lib/auth/people";
import { authorize } from "../_lib/current-user";

// The People page's writes (issue 5), shared by the server actions (app/users/actions.ts) and POST /api/users: one path,
// so a forged request meets the same checks. Every function authorizes manage_users first, before reading its input,
// so any request from a non-lead is refused (401/403) and audited, whatever it carries.

export type Outcome<T> = { status: 200; data: T; error: null } | { status: 400 | 401 | 403 | 404 | 409; data: null; error: string };
const refuse = (status: 400 | 401 | 403 | 404 | 409, error: string): Outcome<never> => ({ status, data: null, error });
const done = <T,>(data: T): Outcome<T> => ({ status: 200, data, error: null });

const userId = z.coerce.number().int().positive();

/** {email, name, roles[], password} → a new person. */
export async function addPerson(input: unknown): Promise<Outcome<{ id: number; email: string }>> {
  const auth = await authorize("manage_users", { action: "user.create", entity: "user", entityId: "new" });
  if (!auth.ok) return refuse(auth.status, auth.error);
  const r = await addPersonRow(await getDb(), { form: input, actor: auth.user.email });
  if (!r.ok) return refuse(r.status, r.error);
  revalidatePath("/users");
  return done({ id: r.id, email: r.email });
}

/** {userId, roles[]} → that person's new roles (never removing the last lead). */
export async function changeRoles(input: unknown): Promise<Outcome<{ email: string; roles: string[] }>> {
  const raw = (input ?? {}) as { userId?: unknown; roles?: unknown };
  const auth = await authorize("manage_users", { action: "user.roles", entity: "user", entityId: String(raw.userId ?? "").slice(0, 40) });
  if (!auth.ok) return refuse(auth.status, auth.error);
  const id = userId.safeParse(raw.userId);
  if (!id.success) return refuse(400, "invalid person id");
  const r = await changeRolesRow(await getDb(), { userId: id.data, roles: raw.roles, actor: auth.user.email });
  if (!r.ok) return refuse(r.status, r.error);
  revalidatePath("/", "layout");
  return done({ email: r.email, roles: r.to });
}

/** {userId, password} → a new password for that person; all their sessions end. */
export async function resetPassword(input: unknown): Promise<Outcome<{ email: string; sessionsEnded: number; self: boolean }>> {
  const raw = (input ?? {}) as { userId?: unknown; password?: unknown };
  const auth = await authorize("manage_users", { action: "user.password_reset", entity: "user", entityId: String(raw.userId ?? "").slice(0, 40) });
  if (!auth.ok) return refuse(auth.status, auth.error);
  const id = userId.safeParse(raw.userId);
  if (!id.success) return refuse(400, "invalid person id");
  const db = await getDb();
  const check = checkPasswordReset({ target: await findUserById(db, id.data), password: raw.password });
  if (!check.ok) return refuse(check.status, check.error);
  const r = await resetPasswordRow(db, { userId: id.data, passwordHash: await hashPassword(check.password), actor: auth.user.email });
  if (!r.ok) return refuse(r.status, r.error);
  revalidatePath("/users");
  return done({ email: r.email, sessionsEnded: r.sessionsEnded, self: id.data === auth.user.id });
}

const lockKey = z.object({ scope: z.enum(THROTTLE_SCOPES), subject: z.string().trim().min(1).max(320) });

/** {scope, subject} → the sign-in lock (and failure count) on that account or address lifted (issue 20). */
export async function liftLock(input: unknown): Promise<Outcome<{ scope: string; subject: string }>> {
  const raw = (input ?? {}) as { scope?: unknown; subject?: unknown };
  const auth = await authorize("manage_users", { action: "sign_in.unlock", entity: "sign_in_throttle", entityId: `${String(raw.scope ?? "")}:${String(raw.subject ?? "")}`.slice(0, 340) });
  if (!auth.ok) return refuse(auth.status, auth.error);
  const key = lockKey.safeParse(raw);
  if (!key.success) return refuse(400, "invalid lock: scope account or address, and its email or address");
  if (!(await liftSignInLock(await getDb(), { ...key.data, actor: auth.user.email }))) return refuse(404, `no sign-in lock or failures on ${key.data.scope} ${key.data.subject}`);
  revalidatePath("/users");
  return done(key.data);
}
