import { spawn, type ChildProcess } from "node:child_process";

// Test helpers that run `assay` as a child process without blocking the test's event loop, so a scripted server in
// the test process (a model, or the reward server's own clients) keeps answering while the command runs.

const ENTRY = "bin/assay.mjs";

export type CliResult = { code: number | null; out: string; err: string };

export function spawnCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ENTRY, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (err += d.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

export type RunningServer = { url: string; child: ChildProcess; stderr: () => string; stop(): Promise<void> };

/** Starts `assay reward-server` and resolves with its URL once it prints `listening on http://HOST:PORT`. */
export function startRewardServerCli(args: string[] = []): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ENTRY, "reward-server", "--port", "0", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString("utf8")));
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString("utf8");
      const m = /^listening on (http:\/\/\S+)$/m.exec(out);
      if (m) {
        resolve({
          url: m[1]!,
          child,
          stderr: () => err,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        });
      }
    });
    child.once("exit", (code) => reject(new Error(`reward-server exited with ${code} before listening: ${err}`)));
  });
}
