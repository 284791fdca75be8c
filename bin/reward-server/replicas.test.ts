// Issue 27: replicas behind Debian's nginx, with the configuration docs/REWARD.md gives (read from the doc, so the doc
// is what is tested). Two replicas and nginx on loopback ports of the system's choosing, files in a temporary
// directory; the load is shared, and a replica killed mid-run loses no request. nginx is installed with apt-get when
// missing (scripts/ensure-nginx.sh); the test is skipped, saying why, only when it cannot be.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePromptLine } from "../../lib/prompts/prompt-line";
import { loadDecisionPoints } from "../load/episodes";
import { repoPath } from "../load/files";
import { loadPromptPack } from "../load/prompt-pack";
import { startRewardServerCli, type RunningServer } from "../testing/cli";

const NGINX = "/usr/sbin/nginx";
const ensure = spawnSync("bash", [repoPath("scripts", "ensure-nginx.sh")], { encoding: "utf8" });
const nginxMissing = ensure.status !== 0 ? `nginx could not be installed (scripts/ensure-nginx.sh: ${(ensure.stderr || ensure.stdout).trim().slice(-300)})` : null;
if (nginxMissing) console.warn(`SKIPPED replicas behind nginx: ${nginxMissing}`);

/** The nginx configuration of docs/REWARD.md, with the test's ports in place of the documented ones. */
function documentedConfig(ports: { front: number; replicas: number[] }): string {
  const doc = readFileSync(repoPath("docs", "REWARD.md"), "utf8");
  const block = /```nginx assay-reward\.conf\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error("docs/REWARD.md has no ```nginx assay-reward.conf block");
  const documented = [...block.matchAll(/server 127\.0\.0\.1:(\d+)/g)].map((m) => m[1]!);
  if (documented.length !== ports.replicas.length) throw new Error(`the documented config has ${documented.length} replicas, the test ${ports.replicas.length}`);
  let conf = block.replace(/listen \d+;/, `listen 127.0.0.1:${ports.front};`);
  documented.forEach((p, i) => (conf = conf.replace(`server 127.0.0.1:${p} `, `server 127.0.0.1:${ports.replicas[i]} `)));
  return conf;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

const pack = loadPromptPack();
const points = loadDecisionPoints();
const lines = readFileSync(repoPath("golden", "runs", "careful.jsonl"), "utf8").trimEnd().split("\n").map((l) => JSON.parse(l) as { decision_id: string; raw: string });
// OpenRLHF's request: one sample, the text prompt, the query as prompt + response + EOS, the decision id as label.
const bodies = lines.map((l) => {
  const prompt = makePromptLine(pack, points.find((p) => p.decision_id === l.decision_id)!, "text").prompt!;
  return JSON.stringify({ query: [`${prompt}${l.raw}<|im_end|>`], prompts: [prompt], labels: [l.decision_id] });
});

describe.skipIf(nginxMissing !== null)("replicas behind Debian's nginx, configured as docs/REWARD.md says", () => {
  const replicas: RunningServer[] = [];
  let nginx: ChildProcess;
  let dir: string;
  let front: string;
  const expected: number[] = [];

  beforeAll(async () => {
    replicas.push(...(await Promise.all([startRewardServerCli(["--workers", "1"]), startRewardServerCli(["--workers", "1"])])));
    dir = mkdtempSync(path.join(os.tmpdir(), "assay-nginx-"));
    const port = await freePort();
    const site = documentedConfig({ front: port, replicas: replicas.map((r) => Number(new URL(r.url).port)) });
    // The documented block is an http-context file (conf.d); this wraps it as a whole nginx.conf in the temp directory.
    const conf = [
      process.getuid?.() === 0 ? "user root;" : "",
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      "worker_processes 1;",
      "events { worker_connections 256; }",
      "http {",
      `  access_log ${dir}/access.log;`,
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${dir}/${t};`),
      site,
      "}",
    ].join("\n");
    writeFileSync(path.join(dir, "nginx.conf"), conf);
    nginx = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    nginx.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    front = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited ${nginx.exitCode}: ${err}`);
      const ok = await fetch(`${front}/healthz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (i > 100) throw new Error(`nginx did not answer: ${err}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const body of bodies) {
      const r = await fetch(`${replicas[0]!.url}/get_reward`, { method: "POST", headers: { "content-type": "application/json" }, body });
      expected.push(((await r.json()) as { rewards: number[] }).rewards[0]!);
    }
  }, 180_000);

  afterAll(async () => {
    nginx?.kill("SIGQUIT");
    // The killed replica has exited already (stop() waits for an exit code, which a SIGKILL leaves null).
    await Promise.all(replicas.filter((r) => r.child.exitCode === null && r.child.signalCode === null).map((r) => r.stop()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const counted = async (r: RunningServer) => ((await (await fetch(`${r.url}/v1/info`)).json()) as { counters: { requests: number } }).counters.requests;

  /** Sends every body `rounds` times through nginx, 8 at a time; calls `midway` once half are answered. */
  async function send(rounds: number, midway?: () => void): Promise<string[]> {
    const total = rounds * bodies.length;
    const wrong: string[] = [];
    let next = 0;
    let answered = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < total) {
          const i = next++ % bodies.length;
          try {
            const r = await fetch(`${front}/get_reward`, { method: "POST", headers: { "content-type": "application/json" }, body: bodies[i]! });
            const json = (await r.json()) as { rewards?: number[]; error?: string };
            if (r.status !== 200 || !Object.is(json.rewards?.[0], expected[i])) wrong.push(`${lines[i]!.decision_id}: ${r.status} ${json.error ?? json.rewards}`);
          } catch (e) {
            wrong.push(`${lines[i]!.decision_id}: ${(e as Error).message}`);
          }
          if (++answered === Math.floor(total / 2)) midway?.();
        }
      }),
    );
    return wrong;
  }

  it("shares the load between the replicas (least_conn) with every reward right", async () => {
    const before = await Promise.all(replicas.map(counted));
    expect(await send(1)).toEqual([]);
    const served = (await Promise.all(replicas.map(counted))).map((n, i) => n - before[i]!);
    // /v1/info itself is one of the counted requests on each replica.
    for (const n of served) expect(n - 1).toBeGreaterThan(bodies.length * 0.15);
  }, 120_000);

  it("a replica killed mid-run loses no request: nginx retries it on the other", async () => {
    const wrong = await send(2, () => replicas[1]!.child.kill("SIGKILL"));
    expect(replicas[1]!.child.signalCode ?? (await new Promise((r) => replicas[1]!.child.once("exit", (_c, s) => r(s))))).toBe("SIGKILL");
    expect(wrong).toEqual([]);
  }, 180_000);
});
