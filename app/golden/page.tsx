import { can } from "@/lib/auth/permissions";
import { requirePageUser } from "../_lib/current-user";
import { DraftForm } from "./draft-form";

export const dynamic = "force-dynamic";

export default async function GoldenPage() {
  const user = await requirePageUser();
  return (
    <>
      <h1>Golden cases</h1>
      <p className="muted">
        Draft a role case or policy behaviour: each item is checked for being independently judgeable (one claim, yes/no, no vague words), and the “where does my case go?” rule suggests its suite. Findings are messages, never silent fixes.
      </p>
      {can(user, "author_golden") ? <DraftForm /> : <p className="muted">Writing golden cases needs the analyst or lead role.</p>}
    </>
  );
}
