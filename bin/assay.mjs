#!/usr/bin/env node
// Entry for `npx assay`: registers tsx so the CLI runs the same TypeScript lib/ the app and tests use.
import { register } from "tsx/esm/api";

register();
const { main } = await import("./cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
