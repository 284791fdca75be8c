-- Hand edit: existing reviews and approvals referred to runs by id; their refs become "run:<id>".
CREATE TABLE `golden_case_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`case_id` text NOT NULL,
	`version` integer NOT NULL,
	`suite` text NOT NULL,
	`content` text NOT NULL,
	`author` text NOT NULL,
	`at` text NOT NULL,
	`change_note` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `golden_case_versions_case_version_uq` ON `golden_case_versions` (`case_id`,`version`);--> statement-breakpoint
CREATE TABLE `judge_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`file_name` text NOT NULL,
	`report` text NOT NULL,
	`example` integer DEFAULT false NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `judge_reports_name_uq` ON `judge_reports` (`name`);--> statement-breakpoint
CREATE TABLE `setup_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_baseline_approvals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`baseline_ref` text NOT NULL,
	`candidate_ref` text NOT NULL,
	`report_kind` text NOT NULL,
	`approved_by` text NOT NULL,
	`approved_at` text NOT NULL,
	`record` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_baseline_approvals`("id", "baseline_ref", "candidate_ref", "report_kind", "approved_by", "approved_at", "record") SELECT "id", 'run:' || "baseline_run_id", 'run:' || "candidate_run_id", "report_kind", "approved_by", "approved_at", "record" FROM `baseline_approvals`;--> statement-breakpoint
DROP TABLE `baseline_approvals`;--> statement-breakpoint
ALTER TABLE `__new_baseline_approvals` RENAME TO `baseline_approvals`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `baseline_approvals_kind_at_idx` ON `baseline_approvals` (`report_kind`,`approved_at`);--> statement-breakpoint
CREATE TABLE `__new_flip_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`baseline_ref` text NOT NULL,
	`candidate_ref` text NOT NULL,
	`case_key` text NOT NULL,
	`decision` text NOT NULL,
	`note` text NOT NULL,
	`reviewer` text NOT NULL,
	`at` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_flip_reviews`("id", "baseline_ref", "candidate_ref", "case_key", "decision", "note", "reviewer", "at") SELECT "id", 'run:' || "baseline_run_id", 'run:' || "candidate_run_id", "case_key", "decision", "note", "reviewer", "at" FROM `flip_reviews`;--> statement-breakpoint
DROP TABLE `flip_reviews`;--> statement-breakpoint
ALTER TABLE `__new_flip_reviews` RENAME TO `flip_reviews`;--> statement-breakpoint
CREATE INDEX `flip_reviews_pair_idx` ON `flip_reviews` (`baseline_ref`,`candidate_ref`);