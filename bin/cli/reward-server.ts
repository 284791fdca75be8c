// The command lives beside the server it runs (bin/reward-server/cli.ts, docs/REWARD.md).
export { run, summary } from "../reward-server/cli";
