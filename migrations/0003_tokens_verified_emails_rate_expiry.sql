DROP INDEX `players_email_unique`;--> statement-breakpoint
ALTER TABLE `players` ADD `tokens_valid_after` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `players_verified_email_unique` ON `players` (lower("email")) WHERE "players"."email_verified" = 1;--> statement-breakpoint
CREATE INDEX `players_email_idx` ON `players` (lower("email"));--> statement-breakpoint
ALTER TABLE `rate_limits` ADD `expires_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `rate_limits_expires_at_idx` ON `rate_limits` (`expires_at`);