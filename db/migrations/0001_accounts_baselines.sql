CREATE TABLE `baseline_approvals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`baseline_run_id` integer NOT NULL,
	`candidate_run_id` integer NOT NULL,
	`report_kind` text NOT NULL,
	`approved_by` text NOT NULL,
	`approved_at` text NOT NULL,
	`record` text NOT NULL,
	FOREIGN KEY (`baseline_run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`candidate_run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `baseline_approvals_kind_at_idx` ON `baseline_approvals` (`report_kind`,`approved_at`);--> statement-breakpoint
CREATE TABLE `flip_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`baseline_run_id` integer NOT NULL,
	`candidate_run_id` integer NOT NULL,
	`case_key` text NOT NULL,
	`decision` text NOT NULL,
	`note` text NOT NULL,
	`reviewer` text NOT NULL,
	`at` text NOT NULL,
	FOREIGN KEY (`baseline_run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`candidate_run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `flip_reviews_pair_idx` ON `flip_reviews` (`baseline_run_id`,`candidate_run_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`roles` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`email`);