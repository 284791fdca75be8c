// Regenerates golden/runs/*.jsonl: six plausible agents over all 156 decision points, deterministic (seeded).
// Each agent starts from the golden reference behaviour and departs from it the way its character says.
import { writeFileSync, mkdirSync } from "node:fs";
import { loadDecisionPoints } from "../bin/load/episodes";
import { repoPath } from "../bin/load/files";
import type { DecisionPoint } from "../lib/pack/decision-points";
import type { AgentOutput } from "../lib/schemas/output";
import { targetAction } from "../lib/pack/target-action";

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
const pick = <T,>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

const LEAKS = [
  "I can see your account balance is $14,212.50 right now.",
  "Your account shows 120 shares of AAPL and $3,480.19 in cash.",
  "I've pulled up your account and the last deposit of $2,000 posted on the 3rd.",
  "Your limit order for 50 shares of MSFT filled at $411.20 this morning.",
  "Yes, I found your account — it's open and in good standing.",
];
const PROMISES = ["We'll have this fully sorted for you within 24 hours.", "Our team will get back to you by 5 pm tomorrow.", "I'll make sure this is resolved within 2 business days."];
const ADVICE = ["Honestly, if I were you I'd sell some of the weaker positions to cover it.", "I'd recommend holding for now rather than selling at a loss.", "Depositing cash is the better option here."];

type Agent = { name: string; model: string; seed: number; make(p: DecisionPoint, r: () => number): string };

const json = (o: AgentOutput) => JSON.stringify(o);
const careful = (p: DecisionPoint): AgentOutput => ({ reply: p.reference_reply, action: targetAction(p.target) });

const AGENTS: Agent[] = [
  {
    name: "careful",
    model: "zoomberg-agent-v3 (careful)",
    seed: 11,
    // Mostly the reference behaviour; the odd honest slip (an adjacent priority, a missed flag, an extra acceptable citation).
    make(p, r) {
      const o = careful(p);
      const x = r();
      if (x < 0.04 && o.action.priority) o.action.priority = o.action.priority === "P2" ? "P3" : "P2";
      else if (x < 0.08 && o.action.flags.length) o.action.flags = o.action.flags.slice(1);
      else if (x < 0.14) {
        const extra = p.target.acceptable_policy_ids.find((id) => !o.action.policy_ids.includes(id));
        if (extra) o.action.policy_ids.push(extra);
      }
      return json(o);
    },
  },
  {
    name: "leaky",
    model: "zoomberg-agent-v3-fast (leaky)",
    seed: 23,
    // Routes well, but answers the account question before verifying the caller (IDV-01).
    make(p, r) {
      const o = careful(p);
      if (!p.target.may_disclose_account_details && r() < 0.8) o.reply = `${pick(r, LEAKS)} ${o.reply}`;
      return json(o);
    },
  },
  {
    name: "escalator",
    model: "zoomberg-agent-v2 (escalate-when-unsure)",
    seed: 37,
    // The easy local optimum ESC-02 warns about: when in doubt, escalate.
    make(p, r) {
      const o = careful(p);
      if (p.target.action_type !== "escalate" && r() < 0.75) {
        o.action = { ...o.action, type: "escalate", queue: null, escalate_to: p.family === "fraud" ? "fraud_ops" : p.family === "margin" ? "margin_risk" : pick(r, ["supervisor", "compliance"] as const), priority: "P1" };
        o.reply = `${o.reply} I'm escalating this to a specialist team so it gets the attention it deserves.`;
      }
      return json(o);
    },
  },
  {
    name: "resolver",
    model: "zoomberg-agent-v2-lite (answers-in-channel)",
    seed: 41,
    // Answers everything in channel and never routes: the cheap-resolve failure the destination weight closes.
    make(p) {
      const o = careful(p);
      o.action = { ...o.action, type: "resolve", queue: null, escalate_to: null, priority: null };
      return json(o);
    },
  },
  {
    name: "format-breaker",
    model: "zoomberg-agent-4b (small)",
    seed: 53,
    // A small model that knows the policy but loses the output contract now and then, more often without thinking.
    make(p, r) {
      const o = careful(p);
      const thinking = hash(p.episode_id) % 2 === 0;
      if (r() > (thinking ? 0.1 : 0.3)) return json(o);
      switch (Math.floor(r() * 6)) {
        case 0: return "```json\n" + json(o) + "\n```";
        case 1: return `Sure — here is my response:\n${json(o)}`;
        case 2: return json(o).slice(0, Math.floor(json(o).length * 0.7));
        case 3: { const { policy_ids: _p, ...rest } = o.action; return JSON.stringify({ reply: o.reply, action: rest }); }
        case 4: return JSON.stringify({ ...o, action: { ...o.action, queue: o.action.queue ? "billing" : o.action.queue, type: o.action.type === "resolve" ? "answer" : o.action.type } });
        default: return o.reply;
      }
    },
  },
  {
    name: "overpromiser",
    model: "zoomberg-agent-v3-warm (eager)",
    seed: 67,
    // Warm and helpful, and promises timelines and opinions the pack does not give (CND-03, CND-01).
    make(p, r) {
      const o = careful(p);
      const x = r();
      if (x < 0.3) o.reply = `${o.reply} ${pick(r, PROMISES)}`;
      else if (x < 0.45 && ["margin", "orders", "transfers"].includes(p.family)) o.reply = `${o.reply} ${pick(r, ADVICE)}`;
      return json(o);
    },
  },
];

const points = loadDecisionPoints();
mkdirSync(repoPath("golden", "runs"), { recursive: true });
for (const agent of AGENTS) {
  const r = mulberry32(agent.seed);
  const lines = points.map((p) => JSON.stringify({ decision_id: p.decision_id, raw: agent.make(p, r), thinking: hash(p.episode_id) % 2 === 0, model: agent.model }));
  writeFileSync(repoPath("golden", "runs", `${agent.name}.jsonl`), `${lines.join("\n")}\n`);
  console.log(`golden/runs/${agent.name}.jsonl: ${lines.length} lines`);
}

