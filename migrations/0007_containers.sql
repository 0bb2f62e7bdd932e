CREATE TABLE `case_keys` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`image` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `case_keys_name_unique` ON `case_keys` (`name`);--> statement-breakpoint
CREATE TABLE `crate_stickers` (
	`crate_id` integer NOT NULL,
	`sticker_id` integer NOT NULL,
	PRIMARY KEY(`crate_id`, `sticker_id`),
	FOREIGN KEY (`crate_id`) REFERENCES `crates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sticker_id`) REFERENCES `stickers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `crate_stickers_sticker_idx` ON `crate_stickers` (`sticker_id`);--> statement-breakpoint
ALTER TABLE `collections` ADD `slug` text;--> statement-breakpoint
CREATE UNIQUE INDEX `collections_slug_idx` ON `collections` (`slug`);--> statement-breakpoint
ALTER TABLE `crates` ADD `slug` text;--> statement-breakpoint
ALTER TABLE `crates` ADD `kind` text DEFAULT 'weapon_case' NOT NULL;--> statement-breakpoint
ALTER TABLE `crates` ADD `key_id` integer REFERENCES case_keys(id);--> statement-breakpoint
CREATE UNIQUE INDEX `crates_slug_idx` ON `crates` (`slug`);--> statement-breakpoint
ALTER TABLE `skin_crates` ADD `special` integer DEFAULT false NOT NULL;