// Worker-thread entry: registers tsx (as bin/assay.mjs does) so the worker runs the same TypeScript lib/ scorer.
import { register } from "tsx/esm/api";

register();
await import("./worker.ts");
