CREATE TABLE `import_drafts` (
	`user_id` text NOT NULL,
	`form_key` text NOT NULL,
	`lines` text NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `form_key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `import_drafts_expires_idx` ON `import_drafts` (`expires_at`);