CREATE TABLE `loadout_shares` (
	`token` text PRIMARY KEY NOT NULL,
	`loadout_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`loadout_id`) REFERENCES `user_loadouts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `loadout_shares_loadout_id_unique` ON `loadout_shares` (`loadout_id`);