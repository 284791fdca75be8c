"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "@/db/index";
import { releaseProbeSet, ReleaseConflict } from "@/db/writes/release-probe-set";
import { fail, ok, type ActionResult } from "../../_lib/action-result";
import { authorize } from "../../_lib/current-user";

const releaseInput = z.object({
  /** The digest of the draft the lead previewed (lib/probes/release.ts draftDigest). */
  digest: z.string().regex(/^[0-9a-f]{64}$/, "the previewed draft's digest is missing: open the release page again"),
  note: z.string().trim().min(1, "say why this version is released (a note is required)").max(2000),
});

/** Issue 26: release the draft as the next probe-set version. Lead only, checked on the server; audited (probe_set.release). */
export async function releaseProbeSetAction(input: unknown): Promise<ActionResult<{ version: number }>> {
  const auth = await authorize("release_probe_set", { action: "probe_set.release", entity: "probe_set_version", entityId: "next" });
  if (!auth.ok) return fail(auth.error);
  const parsed = releaseInput.safeParse(input);
  if (!parsed.success) return fail(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  try {
    const { version } = await releaseProbeSet(await getDb(), { actor: auth.user.email, note: parsed.data.note, expectedDigest: parsed.data.digest });
    revalidatePath("/probes", "layout");
    return ok({ version });
  } catch (e) {
    if (e instanceof ReleaseConflict) return fail(e.message);
    throw e;
  }
}
