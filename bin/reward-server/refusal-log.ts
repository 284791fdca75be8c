// One line per refused request (status, route, sample index, reason), at most LINES_PER_SECOND a second: OpenRLHF
// drops the error body and logs only the status, so the server's log is where a refusal's reason can be read, and a
// trainer sending the same bad sample thousands of times must not flood it. Lines over the rate are counted and the
// count is written with the next line that gets through (or at shutdown).

const LINES_PER_SECOND = 10;
const MAX_REASON = 300;

export type RefusalLog = {
  refused(status: number, route: string, index: number | null, reason: string): void;
  /** A client that went away before its answer: its queued work was dropped. */
  cancelled(): void;
  /** Writes the count of lines held back, if any. */
  flush(): void;
};

export function createRefusalLog(write: (line: string) => void, now: () => number = Date.now): RefusalLog {
  let second = -1;
  let lines = 0;
  let held = 0;
  const emit = (line: string) => {
    const s = Math.floor(now() / 1000);
    if (s !== second) {
      second = s;
      lines = 0;
    }
    if (lines >= LINES_PER_SECOND) {
      held++;
      return;
    }
    lines++;
    const note = held > 0 ? ` (${held} earlier line${held === 1 ? "" : "s"} not logged: over ${LINES_PER_SECOND}/s)` : "";
    held = 0;
    write(`${line}${note}`);
  };
  return {
    refused(status, route, index, reason) {
      const r = reason.length > MAX_REASON ? `${reason.slice(0, MAX_REASON)}…` : reason;
      emit(`refused ${status} ${route} index ${index === null ? "-" : index}: ${r.replace(/\s+/g, " ")}`);
    },
    cancelled() {
      emit("client went away before its answer: its outputs still queued were dropped");
    },
    flush() {
      if (held > 0) write(`${held} line${held === 1 ? "" : "s"} not logged: over ${LINES_PER_SECOND}/s`);
      held = 0;
    },
  };
}
