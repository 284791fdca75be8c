import { boolean, doublePrecision, foreignKey, index, integer, json, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ACTION_TYPES, DETECTOR_CODES, DIFFICULTIES, FAMILIES, SPLITS } from "../lib/pack/vocab";
import type { Target } from "../lib/schemas/target";
import type { Turn } from "../lib/schemas/episode";
import type { DetectorContext } from "../lib/schemas/probe";
import { PROBE_LABELS } from "../lib/schemas/probe";
import type { MustAskFile, Policy } from "../lib/schemas/pack";
import type { DecisionResult, DetectorSpan, ScoreReport } from "../lib/scoring/report-schema";
import type { Breakdowns } from "../lib/scoring/score-run";
import type { Role } from "../lib/auth/roles";
import { REVIEW_DECISIONS } from "../lib/approval/review";
import type { ApprovalRecord } from "../lib/approval/record";
import type { JudgeReportV2 } from "../lib/judge/report-schema";
import type { AuthoredCase } from "../lib/golden/case-schema";
import { THROTTLE_SCOPES } from "../lib/auth/throttle-scopes";
import { AUDIT_STRATA, type AuditStrata } from "../lib/audit/strata";
import type { ProbeSetSnapshot } from "../lib/probes/release";

/**
 * The PostgreSQL twin of the SQLite schema (db/schema.sqlite.ts): same tables, columns, keys and indexes, exported under
 * the same names, so db/schema.ts can re-export either. db/schema-parity.test.ts holds the two together; column notes
 * live in the SQLite module. Mapping: text → text, text json → json (not jsonb: the stored text and key order are kept),
 * integer boolean → boolean, real → double precision, autoincrement id → identity BY DEFAULT (a copy can insert ids).
 */

/** Breakdowns of one split (dev or eval): the report's by_* blocks cover all decisions, these cover one split each. */
export type SplitBreakdowns = Breakdowns;
/** What a run row keeps of the report: everything but decisions[] (those are decision_scores rows). */
export type StoredReport = Omit<ScoreReport, "decisions">;

export const packVersions = pgTable("pack_versions", {
  version: text("version").primaryKey(),
  policies: json("policies").$type<Policy[]>().notNull(),
  mustAsk: json("must_ask").$type<MustAskFile>().notNull(),
  evalHash: text("eval_hash").notNull(),
  loadedAt: text("loaded_at").notNull(),
});

/** The golden set, stored once per pack version (issue 17), so seeding a newer pack never changes an old run. */
export const episodes = pgTable(
  "episodes",
  {
    packVersion: text("pack_version")
      .notNull()
      .references(() => packVersions.version),
    id: text("id").notNull(),
    seq: integer("seq").notNull(),
    family: text("family", { enum: FAMILIES }).notNull(),
    difficulty: text("difficulty", { enum: DIFFICULTIES }).notNull(),
    split: text("split", { enum: SPLITS }).notNull(),
    title: text("title").notNull(),
    traps: json("traps").$type<string[]>().notNull(),
    turns: json("turns").$type<Turn[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.packVersion, t.id] }), index("episodes_version_seq_idx").on(t.packVersion, t.seq)],
);

export const decisionPoints = pgTable(
  "decision_points",
  {
    packVersion: text("pack_version").notNull(),
    id: text("id").notNull(),
    episodeId: text("episode_id").notNull(),
    position: integer("position").notNull(),
    family: text("family", { enum: FAMILIES }).notNull(),
    difficulty: text("difficulty", { enum: DIFFICULTIES }).notNull(),
    split: text("split", { enum: SPLITS }).notNull(),
    target: json("target").$type<Target>().notNull(),
    rationale: text("rationale").notNull(),
    referenceReply: text("reference_reply").notNull(),
    customerMessage: text("customer_message").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.packVersion, t.id] }),
    foreignKey({ name: "decision_points_episode_fk", columns: [t.packVersion, t.episodeId], foreignColumns: [episodes.packVersion, episodes.id] }),
    index("decision_points_episode_idx").on(t.packVersion, t.episodeId),
  ],
);

/** Released probe-set versions (issue 26), append-only: imports are scored with the newest one's figures. */
export const probeSetVersions = pgTable("probe_set_versions", {
  version: integer("version").primaryKey(),
  releasedBy: text("released_by").notNull(),
  releasedAt: text("released_at").notNull(),
  note: text("note").notNull(),
  labels: json("labels").$type<ProbeSetSnapshot["labels"]>().notNull(),
  figures: json("figures").$type<ProbeSetSnapshot["figures"]>().notNull(),
  digest: text("digest").notNull(),
});

export const runs = pgTable(
  "runs",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    fileName: text("file_name").notNull(),
    model: text("model"),
    packVersion: text("pack_version")
      .notNull()
      .references(() => packVersions.version),
    nLines: integer("n_lines").notNull(),
    probeSetVersion: integer("probe_set_version").references(() => probeSetVersions.version),
    report: json("report").$type<StoredReport>().notNull(),
    splitBreakdowns: json("split_breakdowns").$type<Record<"dev" | "eval", SplitBreakdowns>>().notNull(),
    example: boolean("example").notNull().default(false),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("runs_name_uq").on(t.name)],
);

/** One row per JSONL line of a run, verbatim: what the model said. */
export const runLines = pgTable(
  "run_lines",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    runId: integer("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    lineNo: integer("line_no").notNull(),
    decisionId: text("decision_id").notNull(),
    thinking: boolean("thinking").notNull(),
    sample: integer("sample").notNull(),
    model: text("model"),
    raw: text("raw").notNull(),
  },
  (t) => [uniqueIndex("run_lines_run_line_uq").on(t.runId, t.lineNo)],
);

/** The scorer's verdict on one run line (1:1 with run_lines, same id); narrow on purpose so sorting a big run scans little. */
export const decisionScores = pgTable(
  "decision_scores",
  {
    lineId: integer("line_id")
      .primaryKey()
      .references(() => runLines.id, { onDelete: "cascade" }),
    runId: integer("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    decisionId: text("decision_id").notNull(),
    episodeId: text("episode_id").notNull(),
    split: text("split", { enum: SPLITS }).notNull(),
    family: text("family", { enum: FAMILIES }).notNull(),
    difficulty: text("difficulty", { enum: DIFFICULTIES }).notNull(),
    thinking: boolean("thinking").notNull(),
    formatValid: boolean("format_valid").notNull(),
    formatError: text("format_error"),
    outputType: text("output_type", { enum: ACTION_TYPES }),
    targetType: text("target_type", { enum: ACTION_TYPES }).notNull(),
    hardViolations: text("hard_violations").notNull(),
    hits: json("hits").$type<DecisionResult["hits"]>().notNull(),
    cleared: json("cleared").$type<DetectorSpan[]>(),
    namesTimeline: boolean("names_timeline"),
    actionType: doublePrecision("action_type").notNull(),
    destination: doublePrecision("destination").notNull(),
    priority: doublePrecision("priority").notNull(),
    flags: doublePrecision("flags").notNull(),
    policyCitation: doublePrecision("policy_citation").notNull(),
    mustAsk: doublePrecision("must_ask").notNull(),
    graded: doublePrecision("graded").notNull(),
    score: doublePrecision("score").notNull(),
    scoreStrict: doublePrecision("score_strict").notNull(),
  },
  // Unlike SQLite (rowid order), Postgres keeps no table order: a query over one run must ORDER BY line_id itself.
  (t) => [index("decision_scores_run_idx").on(t.runId), index("decision_scores_run_score_idx").on(t.runId, t.score), index("decision_scores_run_decision_idx").on(t.runId, t.decisionId)],
);

export const probes = pgTable(
  "probes",
  {
    id: text("id").primaryKey(),
    detector: text("detector", { enum: DETECTOR_CODES }).notNull(),
    reply: text("reply").notNull(),
    context: json("context").$type<DetectorContext>().notNull(),
    pairId: text("pair_id"),
    note: text("note"),
    file: text("file").notNull(),
    seq: integer("seq").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("probes_detector_seq_idx").on(t.detector, t.seq), index("probes_pair_idx").on(t.pairId)],
);

/** One label per annotator per probe; a second save by the same annotator replaces theirs, never anyone else's. */
export const probeLabels = pgTable(
  "probe_labels",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    probeId: text("probe_id")
      .notNull()
      .references(() => probes.id, { onDelete: "cascade" }),
    annotator: text("annotator").notNull(),
    label: text("label", { enum: PROBE_LABELS }).notNull(),
    labelledAt: text("labelled_at").notNull(),
  },
  (t) => [uniqueIndex("probe_labels_probe_annotator_uq").on(t.probeId, t.annotator), index("probe_labels_annotator_idx").on(t.annotator)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    at: text("at").notNull(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    detail: json("detail").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index("audit_log_entity_idx").on(t.entity, t.entityId), index("audit_log_at_idx").on(t.at)],
);

/** People who sign in (issue 5). Emails are stored trimmed and lower-cased (emailSchema), so the unique index is the identity. */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    roles: json("roles").$type<Role[]>().notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("users_email_uq").on(t.email)],
);

/** Signed-in sessions: only the SHA-256 of the cookie's token is stored, so a copy of the database cannot be replayed. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** A compared report, "run:<runs.id>" or "judge:<judge_reports.id>": text, not a foreign key, as it names either table. */
const reportRef = (name: string) => text(name).notNull();

/** A lead's review of one pass→fail flip or blocker of one (baseline, candidate) comparison. Reviews are appended; the latest counts. */
export const flipReviews = pgTable(
  "flip_reviews",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    baselineRef: reportRef("baseline_ref"),
    candidateRef: reportRef("candidate_ref"),
    caseKey: text("case_key").notNull(),
    decision: text("decision", { enum: REVIEW_DECISIONS }).notNull(),
    note: text("note").notNull(),
    reviewer: text("reviewer").notNull(),
    at: text("at").notNull(),
  },
  (t) => [index("flip_reviews_pair_idx").on(t.baselineRef, t.candidateRef)],
);

/** Approved baselines (issue 5): append-only history; the newest of a report kind is the current baseline. Never updated. */
export const baselineApprovals = pgTable(
  "baseline_approvals",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    baselineRef: reportRef("baseline_ref"),
    candidateRef: reportRef("candidate_ref"),
    reportKind: text("report_kind", { enum: ["score", "judge"] }).notNull(),
    approvedBy: text("approved_by").notNull(),
    approvedAt: text("approved_at").notNull(),
    record: json("record").$type<ApprovalRecord>().notNull(),
  },
  (t) => [index("baseline_approvals_kind_at_idx").on(t.reportKind, t.approvedAt)],
);

/** Judge reports (schema v2, lib/judge/report-schema.ts) imported whole: the shipped examples at setup, others uploaded. */
export const judgeReports = pgTable(
  "judge_reports",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    fileName: text("file_name").notNull(),
    report: json("report").$type<JudgeReportV2>().notNull(),
    example: boolean("example").notNull().default(false),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("judge_reports_name_uq").on(t.name)],
);

/** Analyst-authored golden cases (issue 5), append-only: the highest version of a case_id is current. */
export const goldenCaseVersions = pgTable(
  "golden_case_versions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    caseId: text("case_id").notNull(),
    version: integer("version").notNull(),
    suite: text("suite", { enum: ["role", "policy"] }).notNull(),
    content: json("content").$type<AuthoredCase>().notNull(),
    author: text("author").notNull(),
    at: text("at").notNull(),
    changeNote: text("change_note").notNull(),
  },
  (t) => [uniqueIndex("golden_case_versions_case_version_uq").on(t.caseId, t.version)],
);

/** The one-time first-start token (lib/auth/setup-token.ts): only its hash is stored; deleted when redeemed. */
export const setupTokens = pgTable("setup_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
});

/** Sign-in throttling (issue 20): one row per account and per client address, so a lock holds across restarts. */
export const signInThrottles = pgTable(
  "sign_in_throttles",
  {
    scope: text("scope", { enum: THROTTLE_SCOPES }).notNull(),
    subject: text("subject").notNull(),
    failures: integer("failures").notNull(),
    windowStartedAt: text("window_started_at").notNull(),
    lastFailureAt: text("last_failure_at"),
    lockedUntil: text("locked_until"),
    locks: integer("locks").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.subject] }), index("sign_in_throttles_locked_idx").on(t.lockedUntil)],
);

/** The text of each file db:setup last seeded from, by repo-relative path (issue 20): what an export is diffed against. */
export const seededFiles = pgTable("seeded_files", {
  path: text("path").primaryKey(),
  content: text("content").notNull(),
  sha256: text("sha256").notNull(),
  seededAt: text("seeded_at").notNull(),
});

/** A run's detector audit (issue 18): a seeded stratified sample, drawn once so everyone labels the same items. */
export const runAudits = pgTable(
  "run_audits",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    runId: integer("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    seed: integer("seed").notNull(),
    strata: json("strata").$type<AuditStrata>().notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("run_audits_run_uq").on(t.runId)],
);

/** One drawn reply of an audit, for one detector. A line drawn for two detectors is two items, labelled separately. */
export const runAuditItems = pgTable(
  "run_audit_items",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    auditId: integer("audit_id")
      .notNull()
      .references(() => runAudits.id, { onDelete: "cascade" }),
    detector: text("detector", { enum: DETECTOR_CODES }).notNull(),
    stratum: text("stratum", { enum: AUDIT_STRATA }).notNull(),
    seq: integer("seq").notNull(),
    lineId: integer("line_id")
      .notNull()
      .references(() => runLines.id, { onDelete: "cascade" }),
    lineNo: integer("line_no").notNull(),
    decisionId: text("decision_id").notNull(),
    promotedProbeId: text("promoted_probe_id").references(() => probes.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("run_audit_items_audit_detector_line_uq").on(t.auditId, t.detector, t.lineId), index("run_audit_items_audit_detector_seq_idx").on(t.auditId, t.detector, t.seq)],
);

/** One label per annotator per audit item, as for probes: a second save by the same annotator replaces theirs. */
export const runAuditLabels = pgTable(
  "run_audit_labels",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    itemId: integer("item_id")
      .notNull()
      .references(() => runAuditItems.id, { onDelete: "cascade" }),
    annotator: text("annotator").notNull(),
    label: text("label", { enum: PROBE_LABELS }).notNull(),
    labelledAt: text("labelled_at").notNull(),
  },
  (t) => [uniqueIndex("run_audit_labels_item_annotator_uq").on(t.itemId, t.annotator)],
);

export type PackVersionRow = typeof packVersions.$inferSelect;
export type NewPackVersion = typeof packVersions.$inferInsert;
export type EpisodeRow = typeof episodes.$inferSelect;
export type NewEpisode = typeof episodes.$inferInsert;
export type DecisionPointRow = typeof decisionPoints.$inferSelect;
export type NewDecisionPoint = typeof decisionPoints.$inferInsert;
export type ProbeSetVersionRow = typeof probeSetVersions.$inferSelect;
export type NewProbeSetVersion = typeof probeSetVersions.$inferInsert;
export type RunRow = typeof runs.$inferSelect;
export type NewRun = typeof runs.$inferInsert;
export type RunLineRow = typeof runLines.$inferSelect;
export type NewRunLine = typeof runLines.$inferInsert;
export type DecisionScoreRow = typeof decisionScores.$inferSelect;
export type NewDecisionScore = typeof decisionScores.$inferInsert;
export type ProbeRow = typeof probes.$inferSelect;
export type NewProbe = typeof probes.$inferInsert;
export type ProbeLabelRow = typeof probeLabels.$inferSelect;
export type NewProbeLabel = typeof probeLabels.$inferInsert;
export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;
export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type FlipReviewRow = typeof flipReviews.$inferSelect;
export type NewFlipReview = typeof flipReviews.$inferInsert;
export type BaselineApprovalRow = typeof baselineApprovals.$inferSelect;
export type NewBaselineApproval = typeof baselineApprovals.$inferInsert;
export type JudgeReportRow = typeof judgeReports.$inferSelect;
export type NewJudgeReport = typeof judgeReports.$inferInsert;
export type GoldenCaseVersionRow = typeof goldenCaseVersions.$inferSelect;
export type NewGoldenCaseVersion = typeof goldenCaseVersions.$inferInsert;
export type SetupTokenRow = typeof setupTokens.$inferSelect;
export type SignInThrottleRow = typeof signInThrottles.$inferSelect;
export type NewSignInThrottle = typeof signInThrottles.$inferInsert;
export type SeededFileRow = typeof seededFiles.$inferSelect;
export type NewSeededFile = typeof seededFiles.$inferInsert;
export type RunAuditRow = typeof runAudits.$inferSelect;
export type NewRunAudit = typeof runAudits.$inferInsert;
export type RunAuditItemRow = typeof runAuditItems.$inferSelect;
export type NewRunAuditItem = typeof runAuditItems.$inferInsert;
export type RunAuditLabelRow = typeof runAuditLabels.$inferSelect;
export type NewRunAuditLabel = typeof runAuditLabels.$inferInsert;
