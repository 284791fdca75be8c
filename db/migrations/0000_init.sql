CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`detail` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`);--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE TABLE `decision_points` (
	`id` text PRIMARY KEY NOT NULL,
	`episode_id` text NOT NULL,
	`position` integer NOT NULL,
	`family` text NOT NULL,
	`difficulty` text NOT NULL,
	`split` text NOT NULL,
	`target` text NOT NULL,
	`rationale` text NOT NULL,
	`reference_reply` text NOT NULL,
	`customer_message` text NOT NULL,
	FOREIGN KEY (`episode_id`) REFERENCES `episodes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `decision_points_episode_idx` ON `decision_points` (`episode_id`);--> statement-breakpoint
CREATE TABLE `decision_scores` (
	`line_id` integer PRIMARY KEY NOT NULL,
	`run_id` integer NOT NULL,
	`decision_id` text NOT NULL,
	`episode_id` text NOT NULL,
	`split` text NOT NULL,
	`family` text NOT NULL,
	`difficulty` text NOT NULL,
	`thinking` integer NOT NULL,
	`format_valid` integer NOT NULL,
	`format_error` text,
	`output_type` text,
	`target_type` text NOT NULL,
	`hard_violations` text NOT NULL,
	`hits` text NOT NULL,
	`action_type` real NOT NULL,
	`destination` real NOT NULL,
	`priority` real NOT NULL,
	`flags` real NOT NULL,
	`policy_citation` real NOT NULL,
	`must_ask` real NOT NULL,
	`graded` real NOT NULL,
	`score` real NOT NULL,
	`score_strict` real NOT NULL,
	FOREIGN KEY (`line_id`) REFERENCES `run_lines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `decision_scores_run_idx` ON `decision_scores` (`run_id`);--> statement-breakpoint
CREATE INDEX `decision_scores_run_score_idx` ON `decision_scores` (`run_id`,`score`);--> statement-breakpoint
CREATE INDEX `decision_scores_run_decision_idx` ON `decision_scores` (`run_id`,`decision_id`);--> statement-breakpoint
CREATE TABLE `episodes` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`family` text NOT NULL,
	`difficulty` text NOT NULL,
	`split` text NOT NULL,
	`title` text NOT NULL,
	`traps` text NOT NULL,
	`turns` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `episodes_seq_idx` ON `episodes` (`seq`);--> statement-breakpoint
CREATE TABLE `pack_versions` (
	`version` text PRIMARY KEY NOT NULL,
	`policies` text NOT NULL,
	`must_ask` text NOT NULL,
	`eval_hash` text NOT NULL,
	`loaded_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `probe_labels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`probe_id` text NOT NULL,
	`annotator` text NOT NULL,
	`label` text NOT NULL,
	`labelled_at` text NOT NULL,
	FOREIGN KEY (`probe_id`) REFERENCES `probes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `probe_labels_probe_annotator_uq` ON `probe_labels` (`probe_id`,`annotator`);--> statement-breakpoint
CREATE INDEX `probe_labels_annotator_idx` ON `probe_labels` (`annotator`);--> statement-breakpoint
CREATE TABLE `probes` (
	`id` text PRIMARY KEY NOT NULL,
	`detector` text NOT NULL,
	`reply` text NOT NULL,
	`context` text NOT NULL,
	`pair_id` text,
	`note` text,
	`file` text NOT NULL,
	`seq` integer NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `probes_detector_seq_idx` ON `probes` (`detector`,`seq`);--> statement-breakpoint
CREATE INDEX `probes_pair_idx` ON `probes` (`pair_id`);--> statement-breakpoint
CREATE TABLE `run_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` integer NOT NULL,
	`line_no` integer NOT NULL,
	`decision_id` text NOT NULL,
	`thinking` integer NOT NULL,
	`sample` integer NOT NULL,
	`model` text,
	`raw` text NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decision_id`) REFERENCES `decision_points`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `run_lines_run_line_uq` ON `run_lines` (`run_id`,`line_no`);--> statement-breakpoint
CREATE TABLE `runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`file_name` text NOT NULL,
	`model` text,
	`pack_version` text NOT NULL,
	`n_lines` integer NOT NULL,
	`report` text NOT NULL,
	`split_breakdowns` text NOT NULL,
	`example` integer DEFAULT false NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`pack_version`) REFERENCES `pack_versions`(`version`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `runs_name_uq` ON `runs` (`name`);