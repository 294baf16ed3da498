CREATE TABLE `daily_days` (
	`day` text PRIMARY KEY NOT NULL,
	`secret` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `daily_games` (
	`player_id` integer NOT NULL,
	`day` text NOT NULL,
	`game_id` integer NOT NULL,
	`total` integer,
	`completed_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`player_id`, `day`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `daily_games_game_id_unique` ON `daily_games` (`game_id`);--> statement-breakpoint
CREATE INDEX `daily_games_day_total_idx` ON `daily_games` (`day`,`total`);
