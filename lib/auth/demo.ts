import type { Role } from "./roles";

// Issue 5 / README: demo mode (ASSAY_DEMO=1) seeds one person per role with this published password. It is public
// on purpose, so the password policy refuses it for every real account.
export const DEMO_PASSWORD = "assay-demo-password";

export const DEMO_PEOPLE: ReadonlyArray<{ email: string; name: string; roles: readonly Role[] }> = [
  { email: "lead@assay.test", name: "Demo Lead", roles: ["lead"] },
  { email: "analyst@assay.test", name: "Demo Analyst", roles: ["analyst"] },
  { email: "annotator@assay.test", name: "Demo Annotator", roles: ["annotator"] },
];
