import { foreignKey, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
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

/** Breakdowns of one split (dev or eval): the report's by_* blocks cover all decisions, these cover one split each. */
export type SplitBreakdowns = Breakdowns;
/** What a run row keeps of the report: everything but decisions[] (those are decision_scores rows). */
export type StoredReport = Omit<ScoreReport, "decisions">;

export const packVersions = sqliteTable("pack_versions", {
  version: text("version").primaryKey(),
  policies: text("policies", { mode: "json" }).$type<Policy[]>().notNull(),
  mustAsk: text("must_ask", { mode: "json" }).$type<MustAskFile>().notNull(),
  evalHash: text("eval_hash").notNull(),
  loadedAt: text("loaded_at").notNull(),
});

/**
 * The golden set is stored once per pack version (issue 17): a run names the pack version it was scored under, and its
 * decisions read that version's targets, so seeding a newer pack never changes what an old run shows.
 */
export const episodes = sqliteTable(
  "episodes",
  {
    packVersion: text("pack_version")
      .notNull()
      .references(() => packVersions.version),
    id: text("id").notNull(),
    /** File order in golden/episodes, so decision points flatten in the same order as the CLI's. */
    seq: integer("seq").notNull(),
    family: text("family", { enum: FAMILIES }).notNull(),
    difficulty: text("difficulty", { enum: DIFFICULTIES }).notNull(),
    split: text("split", { enum: SPLITS }).notNull(),
    title: text("title").notNull(),
    traps: text("traps", { mode: "json" }).$type<string[]>().notNull(),
    turns: text("turns", { mode: "json" }).$type<Turn[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.packVersion, t.id] }), index("episodes_version_seq_idx").on(t.packVersion, t.seq)],
);

export const decisionPoints = sqliteTable(
  "decision_points",
  {
    packVersion: text("pack_version").notNull(),
    id: text("id").notNull(),
    episodeId: text("episode_id").notNull(),
    /** 1-based position of the decision within its episode. */
    position: integer("position").notNull(),
    family: text("family", { enum: FAMILIES }).notNull(),
    difficulty: text("difficulty", { enum: DIFFICULTIES }).notNull(),
    split: text("split", { enum: SPLITS }).notNull(),
    target: text("target", { mode: "json" }).$type<Target>().notNull(),
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

/**
 * Released probe-set versions (issue 26): labelling changes a draft; a lead releases it as the next version after a diff.
 * Imports are scored with the newest version's figures (which fix which criteria are advisory), never the draft's.
 * Append-only: a version is never updated.
 */
export const probeSetVersions = sqliteTable("probe_set_versions", {
  version: integer("version").primaryKey(),
  releasedBy: text("released_by").notNull(),
  releasedAt: text("released_at").notNull(),
  note: text("note").notNull(),
  /** Each probe's effective label at release (null: contested or unlabelled), by probe id: the next release's diff. */
  labels: text("labels", { mode: "json" }).$type<ProbeSetSnapshot["labels"]>().notNull(),
  /** Each detector's figures at release (lib/probes/release.ts): what imports under this version are scored with. */
  figures: text("figures", { mode: "json" }).$type<ProbeSetSnapshot["figures"]>().notNull(),
  digest: text("digest").notNull(),
});

export const runs = sqliteTable(
  "runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    fileName: text("file_name").notNull(),
    model: text("model"),
    packVersion: text("pack_version")
      .notNull()
      .references(() => packVersions.version),
    nLines: integer("n_lines").notNull(),
    /** The probe-set version whose figures scored it (issue 26); null on a run imported before versions were released. */
    probeSetVersion: integer("probe_set_version").references(() => probeSetVersions.version),
    report: text("report", { mode: "json" }).$type<StoredReport>().notNull(),
    splitBreakdowns: text("split_breakdowns", { mode: "json" }).$type<Record<"dev" | "eval", SplitBreakdowns>>().notNull(),
    /** Shipped in golden/runs and loaded by db:setup, not uploaded by a person. */
    example: integer("example", { mode: "boolean" }).notNull().default(false),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("runs_name_uq").on(t.name)],
);

/** One row per JSONL line of a run, verbatim: what the model said. */
export const runLines = sqliteTable(
  "run_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    runId: integer("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    lineNo: integer("line_no").notNull(),
    /** A decision of the run's pack version (runs.pack_version): no foreign key, the import checked it against that version's points. */
    decisionId: text("decision_id").notNull(),
    thinking: integer("thinking", { mode: "boolean" }).notNull(),
    sample: integer("sample").notNull(),
    model: text("model"),
    raw: text("raw").notNull(),
  },
  (t) => [uniqueIndex("run_lines_run_line_uq").on(t.runId, t.lineNo)],
);

/**
 * The scorer's verdict on one run line (1:1 with run_lines, same id). Narrow on purpose — no raw text — so sorting
 * and filtering a 100,000-decision run scans little; the filter columns are copied from the decision point.
 */
export const decisionScores = sqliteTable(
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
    thinking: integer("thinking", { mode: "boolean" }).notNull(),
    formatValid: integer("format_valid", { mode: "boolean" }).notNull(),
    formatError: text("format_error"),
    outputType: text("output_type", { enum: ACTION_TYPES }),
    targetType: text("target_type", { enum: ACTION_TYPES }).notNull(),
    /** Comma-joined hard codes ("H1,H5"), "" when none: filterable with LIKE, sortable. */
    hardViolations: text("hard_violations").notNull(),
    hits: text("hits", { mode: "json" }).$type<DecisionResult["hits"]>().notNull(),
    /** Spans the detectors read and cleared, with why; null on a run imported before cleared spans were recorded. */
    cleared: text("cleared", { mode: "json" }).$type<DetectorSpan[]>(),
    /** The reply names a period or date at all (H5's audit stratum, issue 18); null on a run imported before it was recorded. */
    namesTimeline: integer("names_timeline", { mode: "boolean" }),
    actionType: real("action_type").notNull(),
    destination: real("destination").notNull(),
    priority: real("priority").notNull(),
    flags: real("flags").notNull(),
    policyCitation: real("policy_citation").notNull(),
    mustAsk: real("must_ask").notNull(),
    graded: real("graded").notNull(),
    score: real("score").notNull(),
    scoreStrict: real("score_strict").notNull(),
  },
  // (run_id) alone also orders by line_id (the rowid) within a run: the default table order needs no sort.
  (t) => [index("decision_scores_run_idx").on(t.runId), index("decision_scores_run_score_idx").on(t.runId, t.score), index("decision_scores_run_decision_idx").on(t.runId, t.decisionId)],
);

export const probes = sqliteTable(
  "probes",
  {
    id: text("id").primaryKey(),
    detector: text("detector", { enum: DETECTOR_CODES }).notNull(),
    reply: text("reply").notNull(),
    context: text("context", { mode: "json" }).$type<DetectorContext>().notNull(),
    pairId: text("pair_id"),
    note: text("note"),
    /** The probes/*.jsonl file it came from and goes back to on export (repo-relative), e.g. "probes/h5.jsonl". */
    file: text("file").notNull(),
    /** Order within the file, so an export of unchanged probes reproduces the file byte for byte. */
    seq: integer("seq").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("probes_detector_seq_idx").on(t.detector, t.seq), index("probes_pair_idx").on(t.pairId)],
);

/** One label per annotator per probe; a second save by the same annotator replaces theirs, never anyone else's. */
export const probeLabels = sqliteTable(
  "probe_labels",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    probeId: text("probe_id")
      .notNull()
      .references(() => probes.id, { onDelete: "cascade" }),
    annotator: text("annotator").notNull(),
    label: text("label", { enum: PROBE_LABELS }).notNull(),
    labelledAt: text("labelled_at").notNull(),
  },
  (t) => [uniqueIndex("probe_labels_probe_annotator_uq").on(t.probeId, t.annotator), index("probe_labels_annotator_idx").on(t.annotator)],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: text("at").notNull(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index("audit_log_entity_idx").on(t.entity, t.entityId), index("audit_log_at_idx").on(t.at)],
);

/** People who sign in (issue 5). Emails are stored trimmed and lower-cased (emailSchema), so the unique index is the identity. */
export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    roles: text("roles", { mode: "json" }).$type<Role[]>().notNull(),
    /** scrypt$N$r$p$salt$hash (lib/auth/password.ts); never the password. */
    passwordHash: text("password_hash").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("users_email_uq").on(t.email)],
);

/** Signed-in sessions: only the SHA-256 of the cookie's token is stored, so a copy of the database cannot be replayed. */
export const sessions = sqliteTable(
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

/**
 * A compared report, by reference: "run:<runs.id>" (an imported run's score report) or "judge:<judge_reports.id>".
 * Text, not a foreign key, because one column names either table; db/queries/compare.ts resolves it.
 */
const reportRef = (name: string) => text(name).notNull();

/** A lead's review of one pass→fail flip or blocker of one (baseline, candidate) comparison. Reviews are appended; the latest counts. */
export const flipReviews = sqliteTable(
  "flip_reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
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
export const baselineApprovals = sqliteTable(
  "baseline_approvals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    baselineRef: reportRef("baseline_ref"),
    candidateRef: reportRef("candidate_ref"),
    reportKind: text("report_kind", { enum: ["score", "judge"] }).notNull(),
    approvedBy: text("approved_by").notNull(),
    approvedAt: text("approved_at").notNull(),
    /** The whole approval record (lib/approval/record.ts): figures, warnings, justification, the reviews that counted. */
    record: text("record", { mode: "json" }).$type<ApprovalRecord>().notNull(),
  },
  (t) => [index("baseline_approvals_kind_at_idx").on(t.reportKind, t.approvedAt)],
);

/** Judge reports (schema v2, lib/judge/report-schema.ts) imported whole: the shipped examples at setup, others uploaded. */
export const judgeReports = sqliteTable(
  "judge_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    fileName: text("file_name").notNull(),
    report: text("report", { mode: "json" }).$type<JudgeReportV2>().notNull(),
    example: integer("example", { mode: "boolean" }).notNull().default(false),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("judge_reports_name_uq").on(t.name)],
);

/**
 * Analyst-authored golden cases (issue 5), append-only: each edit is a new version (who, when, why); the highest
 * version of a case_id is current. content is lib/golden/case-schema.ts's AuthoredCase, checked by nextVersion.
 */
export const goldenCaseVersions = sqliteTable(
  "golden_case_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** caseKey(content): "role:<role>/<id>" or "policy/<id>". */
    caseId: text("case_id").notNull(),
    version: integer("version").notNull(),
    suite: text("suite", { enum: ["role", "policy"] }).notNull(),
    content: text("content", { mode: "json" }).$type<AuthoredCase>().notNull(),
    author: text("author").notNull(),
    at: text("at").notNull(),
    changeNote: text("change_note").notNull(),
  },
  (t) => [uniqueIndex("golden_case_versions_case_version_uq").on(t.caseId, t.version)],
);

/** The one-time first-start token (lib/auth/setup-token.ts): only its hash is stored; deleted when redeemed. */
export const setupTokens = sqliteTable("setup_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at").notNull(),
});

/**
 * Sign-in throttling (issue 20): one row per account and per client address, in the database so a lock holds across
 * restarts and app instances. lib/auth/throttle.ts decides; a lead lifts a lock by clearing lockedUntil.
 */
export const signInThrottles = sqliteTable(
  "sign_in_throttles",
  {
    scope: text("scope", { enum: THROTTLE_SCOPES }).notNull(),
    /** The lower-cased email typed (held by someone or not), or the client address. */
    subject: text("subject").notNull(),
    /** Failed attempts counted since windowStartedAt (an attempt counts from the moment it is let through). */
    failures: integer("failures").notNull(),
    windowStartedAt: text("window_started_at").notNull(),
    lastFailureAt: text("last_failure_at"),
    /** Attempts are refused (429) until then; null when not locked. */
    lockedUntil: text("locked_until"),
    /** Locks since the last success or quiet period: each doubles the next lock (backoff). */
    locks: integer("locks").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.subject] }), index("sign_in_throttles_locked_idx").on(t.lockedUntil)],
);

/**
 * The text of each file db:setup last seeded from (probes/*.jsonl, golden/roles/*.json, golden/policy_behaviors.json),
 * by repo-relative path (issue 20): an export is a download previewed as a diff against it, never a write to the checkout.
 */
export const seededFiles = sqliteTable("seeded_files", {
  path: text("path").primaryKey(),
  content: text("content").notNull(),
  sha256: text("sha256").notNull(),
  seededAt: text("seeded_at").notNull(),
});

/**
 * A run's detector audit (issue 18): per detector, a seeded stratified sample of the run's format-valid replies (every
 * fired one or a random 60, and a random 60 not fired), drawn once and stored so everyone labels the same items.
 */
export const runAudits = sqliteTable(
  "run_audits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    runId: integer("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    seed: integer("seed").notNull(),
    /** Each stratum's size in the run and how many were drawn (lib/audit/strata.ts): the estimator's weights. */
    strata: text("strata", { mode: "json" }).$type<AuditStrata>().notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("run_audits_run_uq").on(t.runId)],
);

/** One drawn reply of an audit, for one detector. A line drawn for two detectors is two items, labelled separately. */
export const runAuditItems = sqliteTable(
  "run_audit_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    auditId: integer("audit_id")
      .notNull()
      .references(() => runAudits.id, { onDelete: "cascade" }),
    detector: text("detector", { enum: DETECTOR_CODES }).notNull(),
    stratum: text("stratum", { enum: AUDIT_STRATA }).notNull(),
    /** Queue order within the detector: both strata shuffled together, so an item's place says nothing of the prediction. */
    seq: integer("seq").notNull(),
    lineId: integer("line_id")
      .notNull()
      .references(() => runLines.id, { onDelete: "cascade" }),
    lineNo: integer("line_no").notNull(),
    decisionId: text("decision_id").notNull(),
    /** The probe this item was promoted to, once it has been. */
    promotedProbeId: text("promoted_probe_id").references(() => probes.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("run_audit_items_audit_detector_line_uq").on(t.auditId, t.detector, t.lineId), index("run_audit_items_audit_detector_seq_idx").on(t.auditId, t.detector, t.seq)],
);

/** One label per annotator per audit item, as for probes: a second save by the same annotator replaces theirs. */
export const runAuditLabels = sqliteTable(
  "run_audit_labels",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
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
