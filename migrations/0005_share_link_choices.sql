-- Existing links keep working and show neither the description nor the budget until their owner chooses to (ADR 038).
ALTER TABLE `loadout_shares` ADD `show_description` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `loadout_shares` ADD `show_budget` integer DEFAULT false NOT NULL;