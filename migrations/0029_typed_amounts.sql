ALTER TABLE `price_alerts` ADD `target_currency` text;--> statement-breakpoint
ALTER TABLE `price_alerts` ADD `target_typed_minor` integer;--> statement-breakpoint
ALTER TABLE `price_alerts` ADD `target_rate_per_usd` real;--> statement-breakpoint
ALTER TABLE `resell_trackers` ADD `sale_currency` text;--> statement-breakpoint
ALTER TABLE `resell_trackers` ADD `sale_typed_minor` integer;--> statement-breakpoint
ALTER TABLE `resell_trackers` ADD `sale_rate_per_usd` real;--> statement-breakpoint
ALTER TABLE `resell_trackers` ADD `sale_fee_typed_minor` integer;--> statement-breakpoint
ALTER TABLE `user_loadouts` ADD `budget_currency` text;--> statement-breakpoint
ALTER TABLE `user_loadouts` ADD `budget_typed_minor` integer;--> statement-breakpoint
ALTER TABLE `user_loadouts` ADD `budget_rate_per_usd` real;