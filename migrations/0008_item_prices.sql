CREATE TABLE `item_price_history` (
	`kind` text NOT NULL,
	`item_id` integer NOT NULL,
	`day` text NOT NULL,
	`price_cents` integer NOT NULL,
	PRIMARY KEY(`kind`, `item_id`, `day`),
	CONSTRAINT "item_price_history_price_check" CHECK("item_price_history"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `item_price_history_day_idx` ON `item_price_history` (`day`);--> statement-breakpoint
ALTER TABLE `case_keys` ADD `price_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `case_keys` ADD `last_price_update` integer;--> statement-breakpoint
ALTER TABLE `case_keys` ADD `price_source` text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE `crates` ADD `price_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `crates` ADD `last_price_update` integer;--> statement-breakpoint
ALTER TABLE `crates` ADD `price_source` text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE `stickers` ADD `category` text;--> statement-breakpoint
ALTER TABLE `stickers` ADD `price_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `stickers` ADD `last_price_update` integer;--> statement-breakpoint
ALTER TABLE `stickers` ADD `price_source` text DEFAULT 'demo' NOT NULL;