CREATE TABLE `exchange_rates` (
	`currency` text PRIMARY KEY NOT NULL,
	`per_euro` real NOT NULL,
	`rate_date` text NOT NULL,
	`source` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "exchange_rates_rate_check" CHECK("exchange_rates"."per_euro" > 0)
);
