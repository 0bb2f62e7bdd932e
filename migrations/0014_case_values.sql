CREATE TABLE `case_values` (
	`crate_id` integer PRIMARY KEY NOT NULL,
	`expected_cents` real NOT NULL,
	`coverage` real NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`crate_id`) REFERENCES `crates`(`id`) ON UPDATE no action ON DELETE cascade
);
