import path from "node:path";
import { compileMustAsk } from "../../lib/scoring/must-ask";
import { mattersFileSchema, mustAskFileSchema, policiesFileSchema, timelinesFileSchema, type Pack, type PackFacts } from "../../lib/schemas/pack";
import { readJsonFile, repoPath } from "./files";

/** Loads golden/pack/ into what the scorer needs: the known policy ids and compiled must-ask recognisers. */
export function loadPack(dir = repoPath("golden", "pack")): Pack {
  const policies = readJsonFile(path.join(dir, "policies.json"), policiesFileSchema);
  const mustAsk = readJsonFile(path.join(dir, "must_ask.json"), mustAskFileSchema);
  return { version: policies.pack_version, policyIds: new Set(policies.policies.map((p) => p.id)), mustAsk: compileMustAsk(mustAsk) };
}

/** The pack's machine-readable facts for `assay lint-golden`: policies, must-ask bases, matters and timeline strings. */
export function loadPackFacts(dir = repoPath("golden", "pack")): PackFacts {
  const policies = readJsonFile(path.join(dir, "policies.json"), policiesFileSchema);
  return {
    version: policies.pack_version,
    policies,
    mustAsk: readJsonFile(path.join(dir, "must_ask.json"), mustAskFileSchema),
    matters: readJsonFile(path.join(dir, "matters.json"), mattersFileSchema),
    timelines: readJsonFile(path.join(dir, "timelines.json"), timelinesFileSchema),
  };
}
