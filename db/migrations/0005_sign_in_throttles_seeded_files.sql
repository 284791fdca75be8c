CREATE TABLE `seeded_files` (
	`path` text PRIMARY KEY NOT NULL,
	`content` text NOT NULL,
	`sha256` text NOT NULL,
	`seeded_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sign_in_throttles` (
	`scope` text NOT NULL,
	`subject` text NOT NULL,
	`failures` integer NOT NULL,
	`window_started_at` text NOT NULL,
	`last_failure_at` text,
	`locked_until` text,
	`locks` integer NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`scope`, `subject`)
);
--> statement-breakpoint
CREATE INDEX `sign_in_throttles_locked_idx` ON `sign_in_throttles` (`locked_until`);