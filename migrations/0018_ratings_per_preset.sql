CREATE TABLE `player_ratings` (
	`player_id` integer NOT NULL,
	`preset` text NOT NULL,
	`mu` real DEFAULT 25 NOT NULL,
	`sigma` real DEFAULT 8.333333333333334 NOT NULL,
	`rated_clashes` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`player_id`, `preset`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `player_ratings_preset_mu_idx` ON `player_ratings` (`preset`,`mu`,`player_id`);--> statement-breakpoint
-- The ratings before presets were all of CLASSIC clashes: they become the players' CLASSIC ratings (the unrated keep no row).
INSERT INTO `player_ratings` (`player_id`, `preset`, `mu`, `sigma`, `rated_clashes`) SELECT `id`, 'CLASSIC', `rating_mu`, `rating_sigma`, `rated_clashes` FROM `players` WHERE `rated_clashes` > 0;--> statement-breakpoint
DROP INDEX `players_rating_idx`;--> statement-breakpoint
ALTER TABLE `players` DROP COLUMN `rating_mu`;--> statement-breakpoint
ALTER TABLE `players` DROP COLUMN `rating_sigma`;--> statement-breakpoint
ALTER TABLE `players` DROP COLUMN `rated_clashes`;--> statement-breakpoint
ALTER TABLE `rating_changes` ADD `preset` text DEFAULT 'CLASSIC' NOT NULL;