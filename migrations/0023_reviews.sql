-- Issue 30, review: a player's review of their own finished game (its figures, as the browser found them and
-- the server checked against the log), and the positions of its costliest decisions, which become puzzles.
CREATE TABLE `game_reviews` (
	`game_id` integer PRIMARY KEY NOT NULL,
	`player_id` integer NOT NULL,
	`decisions` integer NOT NULL,
	`accuracy` real NOT NULL,
	`points_lost` real NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `game_reviews_player_idx` ON `game_reviews` (`player_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `puzzle_positions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`game_id` integer NOT NULL,
	`decision` integer NOT NULL,
	`position` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `puzzle_positions_game_decision_unique` ON `puzzle_positions` (`game_id`,`decision`);
