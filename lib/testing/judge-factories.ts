// Judge test factories: a valid case or client with overrides, so each test states only what its rule is about.
import { createJudgeClient, type FetchLike, type JudgeClientOptions } from "../judge/client";
import type { SuiteCase } from "../judge/expand";
import type { JudgeJob } from "../judge/run-judge";
import type { PolicySuite, RoleFile } from "../schemas/golden-suite";

export function makeSuiteCase(overrides: Partial<SuiteCase> = {}): SuiteCase {
  return {
    suite: "role",
    role: "support_desk",
    base_role: "support_desk",
    id: "sup-001",
    role_title: "Zoomberg general support desk",
    role_context: "You are a Zoomberg support agent.",
    brief: "If I request an outgoing wire at 3:30 pm ET, when is it sent?",
    must_include: ["states that the outgoing wire cut-off is 2 p.m. ET"],
    must_not_include: ["says the 3:30 pm wire will be sent today"],
    ...overrides,
  };
}

export function makeJob(overrides: Partial<JudgeJob> = {}): JudgeJob {
  return { ...makeSuiteCase(overrides), candidate: "Wires requested after the 2 p.m. ET cut-off go out the next business day.", ...overrides };
}

export function makeRoleFile(role: string, caseIds: string[] = [`${role.slice(0, 3)}-001`]): RoleFile {
  return {
    schema_version: 1,
    suite: "role",
    role,
    title: `Title of ${role}`,
    description: `Description of ${role}`,
    system_prompt: `You are the ${role} agent.`,
    cases: caseIds.map((id) => ({ id, brief: `brief ${id}`, must_include: [`states fact ${id}`], must_not_include: [] })),
  };
}

export function makePolicySuite(caseIds: string[] = ["pol-001", "pol-002"]): PolicySuite {
  return {
    schema_version: 1,
    suite: "policy",
    cases: caseIds.map((id) => ({ id, behavior: "no_fabrication" as const, brief: `brief ${id}`, must_include: [], must_not_include: [`states an invented figure ${id}`] })),
  };
}

/** The real client against `url`, with sleeps recorded instead of waited and a fixed jitter. */
export function makeTestClient(url: string, overrides: Partial<JudgeClientOptions> = {}) {
  const sleeps: number[] = [];
  const client = createJudgeClient({
    url,
    model: "test-judge",
    temperature: 0,
    timeoutMs: 2000,
    retries: 3,
    concurrency: 4,
    fetch: fetch as unknown as FetchLike,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    now: () => Date.UTC(2026, 6, 2),
    ...overrides,
  });
  return { client, sleeps };
}
