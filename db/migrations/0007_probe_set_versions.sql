CREATE TABLE `probe_set_versions` (
	`version` integer PRIMARY KEY NOT NULL,
	`released_by` text NOT NULL,
	`released_at` text NOT NULL,
	`note` text NOT NULL,
	`labels` text NOT NULL,
	`figures` text NOT NULL,
	`digest` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `runs` ADD `probe_set_version` integer REFERENCES probe_set_versions(version);