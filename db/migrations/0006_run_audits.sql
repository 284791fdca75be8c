CREATE TABLE `run_audit_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`audit_id` integer NOT NULL,
	`detector` text NOT NULL,
	`stratum` text NOT NULL,
	`seq` integer NOT NULL,
	`line_id` integer NOT NULL,
	`line_no` integer NOT NULL,
	`decision_id` text NOT NULL,
	`promoted_probe_id` text,
	FOREIGN KEY (`audit_id`) REFERENCES `run_audits`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`line_id`) REFERENCES `run_lines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`promoted_probe_id`) REFERENCES `probes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `run_audit_items_audit_detector_line_uq` ON `run_audit_items` (`audit_id`,`detector`,`line_id`);--> statement-breakpoint
CREATE INDEX `run_audit_items_audit_detector_seq_idx` ON `run_audit_items` (`audit_id`,`detector`,`seq`);--> statement-breakpoint
CREATE TABLE `run_audit_labels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` integer NOT NULL,
	`annotator` text NOT NULL,
	`label` text NOT NULL,
	`labelled_at` text NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `run_audit_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `run_audit_labels_item_annotator_uq` ON `run_audit_labels` (`item_id`,`annotator`);--> statement-breakpoint
CREATE TABLE `run_audits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` integer NOT NULL,
	`seed` integer NOT NULL,
	`strata` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `run_audits_run_uq` ON `run_audits` (`run_id`);--> statement-breakpoint
ALTER TABLE `decision_scores` ADD `names_timeline` integer;