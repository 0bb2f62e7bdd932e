ALTER TABLE `craft_submissions` ADD `form_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `craft_submissions_author_form_key_idx` ON `craft_submissions` (`author_id`,`form_key`) WHERE "craft_submissions"."form_key" is not null;--> statement-breakpoint
ALTER TABLE `saved_trade_ups` ADD `form_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `saved_trade_ups_user_form_key_idx` ON `saved_trade_ups` (`user_id`,`form_key`) WHERE "saved_trade_ups"."form_key" is not null;--> statement-breakpoint
ALTER TABLE `user_loadouts` ADD `form_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `user_loadouts_user_form_key_idx` ON `user_loadouts` (`user_id`,`form_key`) WHERE "user_loadouts"."form_key" is not null;