import path from "node:path";
import type { PromptPack } from "../../lib/prompts/render";
import { policiesFileSchema, vocabulariesFileSchema } from "../../lib/schemas/pack";
import { readJsonFile, repoPath } from "./files";

/** What the prompt renderer reads from golden/pack/: the policies and the vocabularies with their meanings. */
export function loadPromptPack(dir = repoPath("golden", "pack")): PromptPack {
  const policies = readJsonFile(path.join(dir, "policies.json"), policiesFileSchema);
  const vocabularies = readJsonFile(path.join(dir, "vocabularies.json"), vocabulariesFileSchema);
  return { version: policies.pack_version, policies: policies.policies, vocabularies };
}
