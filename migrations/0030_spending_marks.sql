ALTER TABLE `email_confirmation_tokens` ADD `used_by` text;--> statement-breakpoint
ALTER TABLE `password_reset_tokens` ADD `used_by` text;--> statement-breakpoint
ALTER TABLE `user_totp` ADD `enabled_by` text;