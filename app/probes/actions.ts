"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/index";
import { addProbe } from "@/db/writes/add-probe";
import { InputError } from "@/lib/io/input-error";
import { DETECTOR_CODES } from "@/lib/pack/vocab";
import { detectorContextSchema, PROBE_LABELS, probeSchema } from "@/lib/schemas/probe";
import { authorize } from "../_lib/current-user";
import { fail, ok, type ActionResult } from "../_lib/action-result";

const newProbeInput = z.object({
  detector: z.enum(DETECTOR_CODES),
  id: z
    .string()
    .trim()
    .max(60)
    .regex(/^$|^[a-z0-9][a-z0-9_-]*$/, "id: lowercase letters, digits, - and _ only")
    .transform((s) => s || undefined),
  reply: z.string().trim().min(1, "reply: write the reply to probe").max(5000),
  customer_message: z.string().trim().max(5000),
  allowed_timeline_claims: z.string().transform((s) =>
    s
      .split(/[,\n]/)
      .map((x) => x.trim())
      .filter(Boolean),
  ),
  may_disclose_account_details: z.boolean(),
  label: z.enum(PROBE_LABELS, { message: "label: choose violation or clean" }),
  pair_id: z
    .string()
    .trim()
    .max(60)
    .transform((s) => s || undefined),
  note: z
    .string()
    .trim()
    .max(1000)
    .transform((s) => s || undefined),
});

/** Add a probe (reply, context, label): validated against lib's probe schema, the author's label is its first vote. */
export async function addProbeAction(_prev: ActionResult<{ id: string }> | null, form: FormData): Promise<ActionResult<{ id: string }>> {
  const parsed = newProbeInput.safeParse({
    detector: form.get("detector"),
    id: form.get("id") ?? "",
    reply: form.get("reply") ?? "",
    customer_message: form.get("customer_message") ?? "",
    allowed_timeline_claims: form.get("allowed_timeline_claims") ?? "",
    may_disclose_account_details: form.get("may_disclose_account_details") === "on",
    label: form.get("label"),
    pair_id: form.get("pair_id") ?? "",
    note: form.get("note") ?? "",
  });
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? "invalid probe");
  const v = parsed.data;
  const auth = await authorize("add_probe", { action: "probe.add", entity: "probe", entityId: v.id ?? v.detector });
  if (!auth.ok) return fail(auth.error);
  const probe = probeSchema.omit({ id: true }).safeParse({
    detector: v.detector,
    reply: v.reply,
    context: detectorContextSchema.parse({ allowed_timeline_claims: v.allowed_timeline_claims, may_disclose_account_details: v.may_disclose_account_details, customer_message: v.customer_message }),
    label: v.label,
    ...(v.pair_id ? { pair_id: v.pair_id } : {}),
    ...(v.note ? { note: v.note } : {}),
  });
  if (!probe.success) return fail(probe.error.issues[0]?.message ?? "invalid probe");
  let id: string;
  try {
    id = await addProbe(await getDb(), { probe: { ...probe.data, id: v.id }, actor: auth.user.email });
  } catch (e) {
    if (e instanceof InputError) return fail(`${e.field}: ${e.detail}`);
    throw e;
  }
  revalidatePath("/probes");
  revalidatePath(`/probes/${v.detector}`);
  return ok({ id });
}
