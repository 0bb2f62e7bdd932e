CREATE TABLE `categories` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_unique` ON `categories` (`name`);--> statement-breakpoint
CREATE TABLE `collections` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`image` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collections_name_unique` ON `collections` (`name`);--> statement-breakpoint
CREATE TABLE `crates` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`image` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `crates_name_unique` ON `crates` (`name`);--> statement-breakpoint
CREATE TABLE `email_confirmation_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_confirmation_tokens_user_idx` ON `email_confirmation_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`claimed_until` integer,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_due_idx` ON `mail_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `official_loadout_slots` (
	`loadout_id` integer NOT NULL,
	`slot` text NOT NULL,
	`skin_id` text NOT NULL,
	`wear` text,
	PRIMARY KEY(`loadout_id`, `slot`),
	FOREIGN KEY (`loadout_id`) REFERENCES `official_loadouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`skin_id`) REFERENCES `skins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `official_loadouts` (
	`id` integer PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `official_loadouts_created_idx` ON `official_loadouts` (`created_at`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`key`, `window_start`)
);
--> statement-breakpoint
CREATE TABLE `resell_trackers` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`skin_id` text NOT NULL,
	`buy_price_cents` integer NOT NULL,
	`wear_value` real,
	`wear` text NOT NULL,
	`notes` text,
	`bought_at` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`skin_id`) REFERENCES `skins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `resell_trackers_user_created_idx` ON `resell_trackers` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `skin_collections` (
	`skin_id` text NOT NULL,
	`collection_id` integer NOT NULL,
	PRIMARY KEY(`skin_id`, `collection_id`),
	FOREIGN KEY (`skin_id`) REFERENCES `skins`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `skin_collections_collection_idx` ON `skin_collections` (`collection_id`);--> statement-breakpoint
CREATE TABLE `skin_crates` (
	`skin_id` text NOT NULL,
	`crate_id` integer NOT NULL,
	PRIMARY KEY(`skin_id`, `crate_id`),
	FOREIGN KEY (`skin_id`) REFERENCES `skins`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`crate_id`) REFERENCES `crates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `skin_crates_crate_idx` ON `skin_crates` (`crate_id`);--> statement-breakpoint
CREATE TABLE `skin_wears` (
	`skin_id` text NOT NULL,
	`wear` text NOT NULL,
	`enabled` integer NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`skin_id`, `wear`),
	FOREIGN KEY (`skin_id`) REFERENCES `skins`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "skin_wears_price_check" CHECK("skin_wears"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE `skins` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`search_key` text NOT NULL,
	`image` text NOT NULL,
	`description` text,
	`weapon` text NOT NULL,
	`rarity` text NOT NULL,
	`rarity_color` text NOT NULL,
	`min_float` real NOT NULL,
	`max_float` real NOT NULL,
	`stattrak` integer NOT NULL,
	`souvenir` integer NOT NULL,
	`last_price_update` integer,
	`price_source` text DEFAULT 'demo' NOT NULL,
	FOREIGN KEY (`weapon`) REFERENCES `weapons`(`name`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `skins_weapon_name_idx` ON `skins` (`weapon`,`name`);--> statement-breakpoint
CREATE INDEX `skins_name_idx` ON `skins` (`name`);--> statement-breakpoint
CREATE TABLE `sticker_craft_stickers` (
	`id` integer PRIMARY KEY NOT NULL,
	`craft_id` integer NOT NULL,
	`name` text NOT NULL,
	`image` text,
	`price_cents` integer,
	`external_link` text,
	`position` integer NOT NULL,
	`last_updated` integer,
	FOREIGN KEY (`craft_id`) REFERENCES `sticker_crafts`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sticker_craft_stickers_position_check" CHECK("sticker_craft_stickers"."position" between 1 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sticker_craft_stickers_craft_position_idx` ON `sticker_craft_stickers` (`craft_id`,`position`);--> statement-breakpoint
CREATE TABLE `sticker_crafts` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`ingame_image` text,
	`placement_image` text,
	`skin_id` text NOT NULL,
	`external_craft_link` text,
	`created_by` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`skin_id`) REFERENCES `skins`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sticker_crafts_created_idx` ON `sticker_crafts` (`created_at`);--> statement-breakpoint
CREATE TABLE `user_favorites` (
	`user_id` text NOT NULL,
	`skin_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `skin_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`skin_id`) REFERENCES `skins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `user_loadout_slots` (
	`loadout_id` integer NOT NULL,
	`slot` text NOT NULL,
	`skin_id` text NOT NULL,
	`wear` text,
	PRIMARY KEY(`loadout_id`, `slot`),
	FOREIGN KEY (`loadout_id`) REFERENCES `user_loadouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`skin_id`) REFERENCES `skins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `user_loadouts` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`budget_cents` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_loadouts_user_created_idx` ON `user_loadouts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`email_confirmed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `weapons` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`image` text,
	FOREIGN KEY (`category`) REFERENCES `categories`(`name`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `weapons_name_unique` ON `weapons` (`name`);--> statement-breakpoint
CREATE INDEX `weapons_category_name_idx` ON `weapons` (`category`,`name`);