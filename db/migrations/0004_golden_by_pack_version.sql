-- Table rebuilds: the PRAGMAs below are no-ops inside the migrator's transaction, so openDb (db/index.ts) switches
-- foreign keys off around the migrations itself; dropping run_lines with them on would cascade to decision_scores.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_decision_points` (
	`pack_version` text NOT NULL,
	`id` text NOT NULL,
	`episode_id` text NOT NULL,
	`position` integer NOT NULL,
	`family` text NOT NULL,
	`difficulty` text NOT NULL,
	`split` text NOT NULL,
	`target` text NOT NULL,
	`rationale` text NOT NULL,
	`reference_reply` text NOT NULL,
	`customer_message` text NOT NULL,
	PRIMARY KEY(`pack_version`, `id`),
	FOREIGN KEY (`pack_version`,`episode_id`) REFERENCES `episodes`(`pack_version`,`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- Hand-edited (drizzle-kit cannot express it): the generated statement selected a "pack_version" column the old
-- table does not have. Until now one golden set was stored and every run, whatever pack version it names, was scored
-- against it; so the stored rows are filed under every pack version the database holds, the latest (by loaded_at)
-- included. A database that seeded one pack — the usual case — gets that version. Same for episodes below.
INSERT INTO `__new_decision_points`("pack_version", "id", "episode_id", "position", "family", "difficulty", "split", "target", "rationale", "reference_reply", "customer_message") SELECT p."version", d."id", d."episode_id", d."position", d."family", d."difficulty", d."split", d."target", d."rationale", d."reference_reply", d."customer_message" FROM `decision_points` d CROSS JOIN `pack_versions` p;--> statement-breakpoint
DROP TABLE `decision_points`;--> statement-breakpoint
ALTER TABLE `__new_decision_points` RENAME TO `decision_points`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `decision_points_episode_idx` ON `decision_points` (`pack_version`,`episode_id`);--> statement-breakpoint
CREATE TABLE `__new_run_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` integer NOT NULL,
	`line_no` integer NOT NULL,
	`decision_id` text NOT NULL,
	`thinking` integer NOT NULL,
	`sample` integer NOT NULL,
	`model` text,
	`raw` text NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_run_lines`("id", "run_id", "line_no", "decision_id", "thinking", "sample", "model", "raw") SELECT "id", "run_id", "line_no", "decision_id", "thinking", "sample", "model", "raw" FROM `run_lines`;--> statement-breakpoint
DROP TABLE `run_lines`;--> statement-breakpoint
ALTER TABLE `__new_run_lines` RENAME TO `run_lines`;--> statement-breakpoint
CREATE UNIQUE INDEX `run_lines_run_line_uq` ON `run_lines` (`run_id`,`line_no`);--> statement-breakpoint
CREATE TABLE `__new_episodes` (
	`pack_version` text NOT NULL,
	`id` text NOT NULL,
	`seq` integer NOT NULL,
	`family` text NOT NULL,
	`difficulty` text NOT NULL,
	`split` text NOT NULL,
	`title` text NOT NULL,
	`traps` text NOT NULL,
	`turns` text NOT NULL,
	PRIMARY KEY(`pack_version`, `id`),
	FOREIGN KEY (`pack_version`) REFERENCES `pack_versions`(`version`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- Hand-edited like decision_points above: every stored episode under every pack version the database holds.
INSERT INTO `__new_episodes`("pack_version", "id", "seq", "family", "difficulty", "split", "title", "traps", "turns") SELECT p."version", e."id", e."seq", e."family", e."difficulty", e."split", e."title", e."traps", e."turns" FROM `episodes` e CROSS JOIN `pack_versions` p;--> statement-breakpoint
DROP TABLE `episodes`;--> statement-breakpoint
ALTER TABLE `__new_episodes` RENAME TO `episodes`;--> statement-breakpoint
CREATE INDEX `episodes_version_seq_idx` ON `episodes` (`pack_version`,`seq`);