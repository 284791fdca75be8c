import { availableParallelism } from "node:os";
import { startRewardServer } from "../reward-server/server";
import { parseCommandArgs, UsageError } from "./args";

export const summary = "serve the scorer as a batch reward: native /v1/score, OpenRLHF /get_reward, NeMo Gym /verify";

function integer(value: string, name: string, min: number, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new UsageError(`${name} must be an integer from ${min} to ${max} (got '${value}')`);
  return Number(value);
}

/**
 * `assay reward-server [--host 127.0.0.1] [--port 8787] [--workers N]` (docs/REWARD.md). Prints `listening on
 * http://HOST:PORT` once every scoring thread is ready, and serves until SIGINT or SIGTERM.
 */
export async function run(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, {
    host: { type: "string", default: "127.0.0.1" },
    port: { type: "string", default: "8787" },
    workers: { type: "string" },
  });
  const port = integer(values.port as string, "--port", 0, 65535);
  const workers = values.workers === undefined ? availableParallelism() : integer(values.workers, "--workers", 1, 256);
  const server = await startRewardServer({ host: values.host as string, port, workers, onError: (m) => process.stderr.write(`assay reward-server: ${m}\n`) });
  process.stdout.write(`listening on ${server.url}\n`);
  process.stderr.write(`assay reward-server: ${workers} scoring thread${workers === 1 ? "" : "s"}; POST /v1/score, /get_reward, /verify; GET /healthz, /v1/info\n`);
  await new Promise<void>((resolve) => {
    const stop = () => void server.close().then(resolve);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return 0;
}
