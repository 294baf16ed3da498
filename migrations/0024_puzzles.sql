-- Issue 30, puzzles: a player's answer to each day's puzzle (the first counts) and their streak and storm
-- runs. Per player and unranked: no query lists them across players.
CREATE TABLE `puzzle_days` (
	`player_id` integer NOT NULL,
	`day` text NOT NULL,
	`solved` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`player_id`, `day`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `puzzle_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`player_id` integer NOT NULL,
	`mode` text NOT NULL,
	`score` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `puzzle_runs_player_mode_idx` ON `puzzle_runs` (`player_id`,`mode`,`score`);
