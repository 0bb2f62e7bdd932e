CREATE TABLE `craft_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`craft_id` integer NOT NULL,
	`reporter_id` text,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`craft_id`) REFERENCES `sticker_crafts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `craft_reports_craft_idx` ON `craft_reports` (`craft_id`,`created_at`);