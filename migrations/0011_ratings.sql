CREATE TABLE `rating_changes` (
	`clash_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`place` integer NOT NULL,
	`mu_before` real NOT NULL,
	`sigma_before` real NOT NULL,
	`mu_after` real NOT NULL,
	`sigma_after` real NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`clash_id`, `player_id`),
	FOREIGN KEY (`clash_id`) REFERENCES `clashes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rating_changes_player_id_created_at_idx` ON `rating_changes` (`player_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `clash_players` ADD `place` integer;--> statement-breakpoint
ALTER TABLE `players` ADD `rating_mu` real DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `rating_sigma` real DEFAULT 8.333333333333334 NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `rated_clashes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `players_rating_idx` ON `players` (`rating_mu`,`id`) WHERE "players"."rated_clashes" > 0;--> statement-breakpoint
-- Places of the clashes completed before this migration, for head-to-head records (by score; no one had forfeited yet). Their ratings start from now.
UPDATE `clash_players` SET `place` = 1 + (SELECT count(*) FROM `clash_players` AS `other` WHERE `other`.`clash_id` = `clash_players`.`clash_id` AND `other`.`score` > `clash_players`.`score`) WHERE `clash_id` IN (SELECT `id` FROM `clashes` WHERE `status` = 'COMPLETED');
