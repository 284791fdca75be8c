import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { probeSchema } from "../schemas/probe";
import { probeToJsonl } from "./serialize";

const dir = path.resolve(__dirname, "../../probes");

describe("probeToJsonl", () => {
  it("reproduces every shipped probe line byte for byte", () => {
    for (const f of readdirSync(dir).filter((x) => x.endsWith(".jsonl"))) {
      for (const line of readFileSync(path.join(dir, f), "utf8").split("\n").filter(Boolean)) {
        expect(probeToJsonl(probeSchema.parse(JSON.parse(line)))).toBe(line);
      }
    }
  });

  it("omits absent optional keys and keeps quotes, newlines and non-ASCII readable", () => {
    const line = probeToJsonl({ id: "x", detector: "H5", reply: 'We\'ll "try" — 2 p.m.\nok', context: { allowed_timeline_claims: ["5 business days"], may_disclose_account_details: true, customer_message: "" }, label: "clean" });
    expect(line).toBe('{"id": "x", "detector": "H5", "reply": "We\'ll \\"try\\" — 2 p.m.\\nok", "context": {"allowed_timeline_claims": ["5 business days"], "may_disclose_account_details": true, "customer_message": ""}, "label": "clean"}');
    expect(JSON.parse(line)).toMatchObject({ id: "x", label: "clean" });
  });
});
