import { Readable } from "node:stream";
import { main } from "../cli/main";

// Runs `assay ARGS` in the test's own process: main(args) with everything it writes to process.stdout/stderr captured,
// so a test pays for Node, tsx and loading the pack once per file instead of once per command (issue 29). The spawned
// helpers in ./cli stay for what needs a real process: the entry point itself, signals, a separate server.
// One call at a time: the streams and process.env are the process's own, patched for the duration of the call.

export type InProcessResult = { code: number; out: string; err: string };
export type RunCliOptions = { env?: Record<string, string>; cwd?: string; stdin?: string };

type WriteCallback = (err?: Error | null) => void;

function capture(stream: NodeJS.WriteStream, sink: (s: string) => void): () => void {
  const original = stream.write;
  const tty = Object.getOwnPropertyDescriptor(stream, "isTTY");
  stream.write = function write(chunk: unknown, encoding?: BufferEncoding | WriteCallback, cb?: WriteCallback): boolean {
    const callback = typeof encoding === "function" ? encoding : cb;
    const enc = typeof encoding === "string" ? encoding : undefined;
    if (typeof chunk === "string") sink(enc && enc !== "utf8" && enc !== "utf-8" ? Buffer.from(chunk, enc).toString("utf8") : chunk);
    else if (chunk instanceof Uint8Array) sink(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("utf8"));
    else sink(String(chunk));
    if (callback) process.nextTick(callback, null);
    return true;
  } as typeof stream.write;
  // A spawned `assay` writes to pipes; so does this one, whatever the test runner's own streams are.
  Object.defineProperty(stream, "isTTY", { value: false, configurable: true, writable: true });
  return () => {
    stream.write = original;
    if (tty) Object.defineProperty(stream, "isTTY", tty);
    else delete (stream as { isTTY?: boolean }).isTTY;
  };
}

/**
 * Runs main(args) in-process and resolves with its exit status and what it wrote. `env` is applied to process.env for
 * the call and restored after: fine for ASSAY_DB and the like, read per call; not for a DATABASE_URL of another dialect,
 * which db/schema.ts reads once when first imported (spawn for that). `cwd` changes directory for the call; `stdin` is
 * what the command reads from process.stdin.
 */
export async function runCli(args: string[], opts: RunCliOptions = {}): Promise<InProcessResult> {
  let out = "";
  let err = "";
  const savedEnv = new Map<string, string | undefined>();
  for (const [k, v] of Object.entries(opts.env ?? {})) {
    savedEnv.set(k, process.env[k]);
    process.env[k] = v;
  }
  const savedCwd = process.cwd();
  const stdinDescriptor = Object.getOwnPropertyDescriptor(process, "stdin");
  const restoreOut = capture(process.stdout, (s) => (out += s));
  const restoreErr = capture(process.stderr, (s) => (err += s));
  try {
    if (opts.cwd !== undefined) process.chdir(opts.cwd);
    if (opts.stdin !== undefined) Object.defineProperty(process, "stdin", { value: Readable.from([Buffer.from(opts.stdin, "utf8")]), configurable: true, enumerable: true, writable: true });
    const code = await main(args);
    return { code, out, err };
  } finally {
    restoreOut();
    restoreErr();
    if (stdinDescriptor) Object.defineProperty(process, "stdin", stdinDescriptor);
    if (process.cwd() !== savedCwd) process.chdir(savedCwd);
    for (const [k, v] of savedEnv) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
