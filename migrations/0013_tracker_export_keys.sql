-- SQLite adds no column with a non-constant default, so the table is rebuilt (nothing references it):
-- every existing tracker gets its own random export key, and every later insert one by default (ADR 079).
CREATE TABLE `__new_resell_trackers` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`skin_id` text NOT NULL,
	`buy_price_cents` integer NOT NULL,
	`wear_value` real,
	`wear` text NOT NULL,
	`notes` text,
	`bought_at` text NOT NULL,
	`variant` text DEFAULT 'normal' NOT NULL,
	`sale_price_cents` integer,
	`sold_at` text,
	`sale_market` text,
	`sale_fee_basis_points` integer,
	`sale_fee_cents` integer,
	`steam_asset_id` text,
	`export_key` text DEFAULT (lower(hex(randomblob(16)))) NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`skin_id`) REFERENCES `skins`(`id`) ON UPDATE no action ON DELETE no action
);--> statement-breakpoint
INSERT INTO `__new_resell_trackers` (`id`, `user_id`, `skin_id`, `buy_price_cents`, `wear_value`, `wear`, `notes`, `bought_at`, `variant`, `sale_price_cents`, `sold_at`, `sale_market`, `sale_fee_basis_points`, `sale_fee_cents`, `steam_asset_id`, `created_at`, `updated_at`)
SELECT `id`, `user_id`, `skin_id`, `buy_price_cents`, `wear_value`, `wear`, `notes`, `bought_at`, `variant`, `sale_price_cents`, `sold_at`, `sale_market`, `sale_fee_basis_points`, `sale_fee_cents`, `steam_asset_id`, `created_at`, `updated_at` FROM `resell_trackers`;--> statement-breakpoint
DROP TABLE `resell_trackers`;--> statement-breakpoint
ALTER TABLE `__new_resell_trackers` RENAME TO `resell_trackers`;--> statement-breakpoint
CREATE INDEX `resell_trackers_user_created_idx` ON `resell_trackers` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `resell_trackers_user_steam_asset_idx` ON `resell_trackers` (`user_id`,`steam_asset_id`) WHERE "resell_trackers"."steam_asset_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `resell_trackers_user_export_key_idx` ON `resell_trackers` (`user_id`,`export_key`);
