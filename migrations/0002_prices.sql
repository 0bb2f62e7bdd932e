CREATE TABLE `price_alerts` (
	`user_id` text NOT NULL,
	`skin_id` text NOT NULL,
	`wear` text NOT NULL,
	`variant` text DEFAULT 'normal' NOT NULL,
	`target_cents` integer NOT NULL,
	`last_price_cents` integer,
	`last_notified_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `skin_id`),
	FOREIGN KEY (`user_id`,`skin_id`) REFERENCES `user_favorites`(`user_id`,`skin_id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "price_alerts_target_check" CHECK("price_alerts"."target_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `price_alerts_skin_idx` ON `price_alerts` (`skin_id`,`variant`,`wear`);--> statement-breakpoint
CREATE TABLE `price_feed_runs` (
	`feed` text PRIMARY KEY NOT NULL,
	`lease_until` integer,
	`last_run_at` integer,
	`last_success_at` integer,
	`last_error` text,
	`matched` integer DEFAULT 0 NOT NULL,
	`unmatched` integer DEFAULT 0 NOT NULL,
	`unchanged` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `price_history` (
	`skin_id` text NOT NULL,
	`variant` text DEFAULT 'normal' NOT NULL,
	`wear` text NOT NULL,
	`day` text NOT NULL,
	`price_cents` integer NOT NULL,
	PRIMARY KEY(`skin_id`, `variant`, `wear`, `day`),
	FOREIGN KEY (`skin_id`) REFERENCES `skins`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "price_history_price_check" CHECK("price_history"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `price_history_day_idx` ON `price_history` (`day`);--> statement-breakpoint
CREATE TABLE `skin_variant_prices` (
	`skin_id` text NOT NULL,
	`variant` text NOT NULL,
	`wear` text NOT NULL,
	`price_cents` integer NOT NULL,
	PRIMARY KEY(`skin_id`, `variant`, `wear`),
	FOREIGN KEY (`skin_id`) REFERENCES `skins`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "skin_variant_prices_price_check" CHECK("skin_variant_prices"."price_cents" >= 0)
);
