CREATE TABLE `crate_vanilla_knives` (
	`crate_id` integer NOT NULL,
	`knife_id` integer NOT NULL,
	PRIMARY KEY(`crate_id`, `knife_id`),
	FOREIGN KEY (`crate_id`) REFERENCES `crates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`knife_id`) REFERENCES `vanilla_knives`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `crate_vanilla_knives_knife_idx` ON `crate_vanilla_knives` (`knife_id`);--> statement-breakpoint
CREATE TABLE `vanilla_knives` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`image` text,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`stattrak_price_cents` integer DEFAULT 0 NOT NULL,
	`last_price_update` integer,
	`price_source` text DEFAULT 'demo' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vanilla_knives_name_unique` ON `vanilla_knives` (`name`);