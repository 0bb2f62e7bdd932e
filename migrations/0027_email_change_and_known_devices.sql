CREATE TABLE `email_change_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`new_email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`used_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_change_tokens_user_idx` ON `email_change_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `known_devices` (
	`user_id` text NOT NULL,
	`device` text NOT NULL,
	`first_seen_at` integer NOT NULL,
	`first_sign_in` text NOT NULL,
	PRIMARY KEY(`user_id`, `device`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Written by hand: the devices of the sessions that exist now are known, so an account's next
-- sign-in from one of them mails nobody.
INSERT INTO `known_devices` (`user_id`, `device`, `first_seen_at`, `first_sign_in`)
SELECT `user_id`, `device`, min(`created_at`), lower(hex(randomblob(16))) FROM `sessions` WHERE `device` IS NOT NULL GROUP BY `user_id`, `device`;
