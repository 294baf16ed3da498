CREATE TABLE `daily_plays` (
	`player_id` integer NOT NULL,
	`day` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`player_id`, `day`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `players` ADD `ban_reason` text;--> statement-breakpoint
ALTER TABLE `players` ADD `banned_at` integer;--> statement-breakpoint
ALTER TABLE `preferences` ADD `invitations` text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
INSERT OR IGNORE INTO `daily_plays` (`player_id`, `day`, `created_at`) SELECT `player_id`, `day`, `created_at` FROM `daily_games`;