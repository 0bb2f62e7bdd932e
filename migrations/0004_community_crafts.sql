CREATE TABLE `craft_moderation_log` (
	`id` text PRIMARY KEY NOT NULL,
	`craft_id` integer,
	`craft_name` text NOT NULL,
	`admin_id` text,
	`action` text NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`craft_id`) REFERENCES `sticker_crafts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `craft_moderation_log_created_idx` ON `craft_moderation_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `craft_submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`author_id` text NOT NULL,
	`craft_id` integer,
	`submitted_at` integer NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`craft_id`) REFERENCES `sticker_crafts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `craft_submissions_author_idx` ON `craft_submissions` (`author_id`,`submitted_at`);--> statement-breakpoint
-- drizzle-kit leaves out the ON DELETE of a column added with a reference; written by hand (the snapshot has it).
ALTER TABLE `sticker_crafts` ADD `author_id` text REFERENCES users(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `sticker_crafts` ADD `status` text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `sticker_crafts` ADD `rejection_reason` text;--> statement-breakpoint
ALTER TABLE `sticker_crafts` ADD `submitted_at` integer;--> statement-breakpoint
CREATE INDEX `sticker_crafts_author_idx` ON `sticker_crafts` (`author_id`,`status`);--> statement-breakpoint
CREATE INDEX `sticker_crafts_status_submitted_idx` ON `sticker_crafts` (`status`,`submitted_at`);