ALTER TABLE `resell_trackers` ADD `variant` text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE `resell_trackers` ADD `sale_price_cents` integer;--> statement-breakpoint
ALTER TABLE `resell_trackers` ADD `sold_at` text;--> statement-breakpoint
ALTER TABLE `resell_trackers` ADD `sale_market` text;--> statement-breakpoint
ALTER TABLE `resell_trackers` ADD `sale_fee_basis_points` integer;--> statement-breakpoint
ALTER TABLE `resell_trackers` ADD `sale_fee_cents` integer;