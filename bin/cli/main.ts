import { InputError } from "../../lib/io/input-error";

export type Command = { run(argv: string[]): Promise<number>; summary: string };

// One file per command; loaded lazily so `assay probes` does not pay for the judge client.
const COMMANDS: Record<string, () => Promise<Command>> = {
  score: () => import("./score"),
  probes: () => import("./probes"),
  decisions: () => import("./decisions"),
  "lint-golden": () => import("./lint-golden"),
  judge: () => import("./judge"),
  compare: () => import("./compare"),
  noise: () => import("./noise"),
  import: () => import("./import"),
  "export-probes": () => import("./export-probes"),
  "export-golden": () => import("./export-golden"),
  prompts: () => import("./prompts"),
  generate: () => import("./generate"),
  "reward-server": () => import("./reward-server"),
  db: () => import("./db"),
};

const USAGE = `usage: assay <command> [options]

  score --run FILE [--split dev|eval|all] [--json] [--audit AUDIT.json]
  probes [--file FILE ...] [--json]
  decisions --json
  lint-golden [--json]
  judge --candidates FILE --votes K [--roles a,b] --out FILE
  compare BASELINE CANDIDATE [--role R] [--fail-on-regression] [--json]
  noise REPORT... [--band 0.031] [--json]
  import --run FILE --name NAME
  export-probes --out DIR [--json]
  export-golden --out DIR [--json]
  prompts [--split dev|eval|all] [--format chat|text] --out FILE
  generate --model NAME --base-url URL [--prompts FILE] [--samples K] [--thinking on|off|both] [--concurrency N] [--resume] --out FILE
  reward-server [--host 127.0.0.1] [--port 8787] [--workers N] [--token T] [--end-marker TEXT ...] [--grace-ms MS]
  db copy --from FILE_OR_URL --to FILE_OR_URL [--json]
  db backup --out FILE [--from FILE] [--json]
`;

/** Runs one command; returns the exit status. Bad input → 2 with file:line: field on stderr; never a stack trace. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h") {
    process.stdout.write(USAGE);
    return name ? 0 : 2;
  }
  const load = COMMANDS[name];
  if (!load) {
    process.stderr.write(`assay: unknown command '${name}'\n${USAGE}`);
    return 2;
  }
  try {
    const command = await load();
    return await command.run(rest);
  } catch (e) {
    if (e instanceof InputError || (e as Error)?.name === "InputError") {
      process.stderr.write(`assay ${name}: ${(e as Error).message}\n`);
      return 2;
    }
    if ((e as Error)?.name === "UsageError") {
      process.stderr.write(`assay ${name}: ${(e as Error).message}\n`);
      return 2;
    }
    process.stderr.write(`assay ${name}: internal error: ${(e as Error)?.message ?? String(e)}\n`);
    if (process.env.ASSAY_DEBUG) process.stderr.write(`${(e as Error)?.stack}\n`);
    return 1;
  }
}
