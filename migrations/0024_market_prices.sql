CREATE TABLE `item_market_prices` (
	`kind` text NOT NULL,
	`item_id` integer NOT NULL,
	`market` text NOT NULL,
	`price_cents` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `item_id`, `market`),
	CONSTRAINT "item_market_prices_price_check" CHECK("item_market_prices"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE `skin_market_prices` (
	`skin_id` text NOT NULL,
	`variant` text NOT NULL,
	`wear` text NOT NULL,
	`market` text NOT NULL,
	`price_cents` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`skin_id`, `variant`, `wear`, `market`),
	FOREIGN KEY (`skin_id`) REFERENCES `skins`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "skin_market_prices_price_check" CHECK("skin_market_prices"."price_cents" > 0)
);
