import path from "node:path";
import { compileMustAsk } from "../../lib/scoring/must-ask";
import { mustAskFileSchema, policiesFileSchema, type Pack } from "../../lib/schemas/pack";
import { readJsonFile, repoPath } from "./files";

/** Loads golden/pack/ into what the scorer needs: the known policy ids and compiled must-ask recognisers. */
export function loadPack(dir = repoPath("golden", "pack")): Pack {
  const policies = readJsonFile(path.join(dir, "policies.json"), policiesFileSchema);
  const mustAsk = readJsonFile(path.join(dir, "must_ask.json"), mustAskFileSchema);
  return { version: policies.pack_version, policyIds: new Set(policies.policies.map((p) => p.id)), mustAsk: compileMustAsk(mustAsk) };
}
