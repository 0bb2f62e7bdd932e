ALTER TABLE `resell_trackers` ADD `buy_currency` text;--> statement-breakpoint
ALTER TABLE `resell_trackers` ADD `buy_typed_minor` integer;--> statement-breakpoint
ALTER TABLE `resell_trackers` ADD `buy_rate_per_usd` real;--> statement-breakpoint
ALTER TABLE `users` ADD `currency` text;