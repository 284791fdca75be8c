import { availableParallelism } from "node:os";
import { parseCommandArgs, UsageError } from "../cli/args";
import { ListenError, startRewardServer } from "./server";

export const summary = "serve the scorer as a batch reward: native /v1/score, OpenRLHF /get_reward, NeMo Gym /verify";

function integer(value: string, name: string, min: number, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new UsageError(`${name} must be an integer from ${min} to ${max} (got '${value}')`);
  return Number(value);
}

/**
 * `assay reward-server [--host 127.0.0.1] [--port 8787] [--workers N] [--token T] [--end-marker TEXT ...]
 * [--grace-ms MS]` (docs/REWARD.md). Prints `listening on http://HOST:PORT` once every scoring thread is ready. On
 * SIGTERM or SIGINT it stops accepting, finishes the requests in flight (up to the grace period), then exits: 0 when
 * all finished, 1 when the grace period ran out. A port already taken exits 1 with a message, at once.
 */
export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, {
    host: { type: "string", default: "127.0.0.1" },
    port: { type: "string", default: "8787" },
    workers: { type: "string" },
    token: { type: "string" },
    "end-marker": { type: "string", multiple: true },
    "grace-ms": { type: "string", default: "30000" },
  });
  const port = integer(values.port as string, "--port", 0, 65535);
  const workers = values.workers === undefined ? availableParallelism() : integer(values.workers, "--workers", 1, 256);
  const graceMs = integer(values["grace-ms"] as string, "--grace-ms", 0, 3_600_000);
  const token = values.token ?? (process.env.ASSAY_REWARD_TOKEN || undefined);
  if (token !== undefined && !/^[A-Za-z0-9._~-]{16,}$/.test(token)) throw new UsageError("--token (or ASSAY_REWARD_TOKEN) must be at least 16 characters of A-Z a-z 0-9 . _ ~ - (it may stand in a URL path)");
  const endMarkers = (values["end-marker"] as string[] | undefined) ?? [];
  if (endMarkers.some((m) => m.trim() === "")) throw new UsageError("--end-marker must not be empty or whitespace");
  const say = (line: string) => process.stderr.write(`assay reward-server: ${line}\n`);
  let server;
  try {
    server = await startRewardServer({ host: values.host as string, port, workers, token, endMarkers, log: say });
  } catch (e) {
    if (e instanceof ListenError) {
      say(e.message);
      return 1;
    }
    throw e;
  }
  process.stdout.write(`listening on ${server.url}\n`);
  say(`${workers} scoring thread${workers === 1 ? "" : "s"}; POST /v1/score, /get_reward, /verify; GET /healthz, /v1/info${token ? "; token required" : ""}`);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once("SIGINT", () => resolve("SIGINT"));
    process.once("SIGTERM", () => resolve("SIGTERM"));
  });
  say(`${signal}: no new connections; finishing the requests in flight (grace ${graceMs} ms)`);
  const { unfinished } = await server.drain(graceMs);
  if (unfinished > 0) {
    say(`grace period over with ${unfinished} request${unfinished === 1 ? "" : "s"} unfinished; exiting`);
    return 1;
  }
  say("every request in flight was answered; exiting");
  return 0;
}
