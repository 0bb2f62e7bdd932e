CREATE TABLE `stickers` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`search_key` text NOT NULL,
	`image` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stickers_name_idx` ON `stickers` (`name`);