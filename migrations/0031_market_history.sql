ALTER TABLE `item_price_history` ADD `steam_cents` integer;--> statement-breakpoint
ALTER TABLE `item_price_history` ADD `skinport_cents` integer;--> statement-breakpoint
ALTER TABLE `item_price_history` ADD `csfloat_cents` integer;--> statement-breakpoint
ALTER TABLE `item_price_history` ADD `buff163_cents` integer;--> statement-breakpoint
ALTER TABLE `price_history` ADD `steam_cents` integer;--> statement-breakpoint
ALTER TABLE `price_history` ADD `skinport_cents` integer;--> statement-breakpoint
ALTER TABLE `price_history` ADD `csfloat_cents` integer;--> statement-breakpoint
ALTER TABLE `price_history` ADD `buff163_cents` integer;