import * as sqlite from "./schema.sqlite";
import * as postgres from "./schema.pg";
import { processDialect } from "./env";

// The dialect switch (issue 29). Drizzle has no dialect-neutral table, so each dialect has its own schema module
// (schema.sqlite.ts, schema.pg.ts; db/schema-parity.test.ts holds them to the same tables, columns, keys and indexes).
// The data layer imports tables from here: the process's dialect (DATABASE_URL set or not) picks the module once, and
// the SQLite module's types describe both, since each column maps to the same JavaScript value on either.
const chosen = (processDialect() === "postgres" ? postgres : sqlite) as unknown as typeof sqlite;

export const packVersions = chosen.packVersions;
export const episodes = chosen.episodes;
export const decisionPoints = chosen.decisionPoints;
export const probeSetVersions = chosen.probeSetVersions;
export const runs = chosen.runs;
export const runLines = chosen.runLines;
export const decisionScores = chosen.decisionScores;
export const probes = chosen.probes;
export const probeLabels = chosen.probeLabels;
export const auditLog = chosen.auditLog;
export const users = chosen.users;
export const sessions = chosen.sessions;
export const flipReviews = chosen.flipReviews;
export const baselineApprovals = chosen.baselineApprovals;
export const judgeReports = chosen.judgeReports;
export const goldenCaseVersions = chosen.goldenCaseVersions;
export const setupTokens = chosen.setupTokens;
export const signInThrottles = chosen.signInThrottles;
export const seededFiles = chosen.seededFiles;
export const runAudits = chosen.runAudits;
export const runAuditItems = chosen.runAuditItems;
export const runAuditLabels = chosen.runAuditLabels;

export type {
  SplitBreakdowns,
  StoredReport,
  PackVersionRow,
  NewPackVersion,
  EpisodeRow,
  NewEpisode,
  DecisionPointRow,
  NewDecisionPoint,
  ProbeSetVersionRow,
  NewProbeSetVersion,
  RunRow,
  NewRun,
  RunLineRow,
  NewRunLine,
  DecisionScoreRow,
  NewDecisionScore,
  ProbeRow,
  NewProbe,
  ProbeLabelRow,
  NewProbeLabel,
  AuditRow,
  NewAuditRow,
  UserRow,
  NewUser,
  SessionRow,
  NewSession,
  FlipReviewRow,
  NewFlipReview,
  BaselineApprovalRow,
  NewBaselineApproval,
  JudgeReportRow,
  NewJudgeReport,
  GoldenCaseVersionRow,
  NewGoldenCaseVersion,
  SetupTokenRow,
  SignInThrottleRow,
  NewSignInThrottle,
  SeededFileRow,
  NewSeededFile,
  RunAuditRow,
  NewRunAudit,
  RunAuditItemRow,
  NewRunAuditItem,
  RunAuditLabelRow,
  NewRunAuditLabel,
} from "./schema.sqlite";
