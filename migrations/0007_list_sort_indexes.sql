DROP INDEX `scores_player_id_idx`;--> statement-breakpoint
DROP INDEX `scores_created_at_idx`;--> statement-breakpoint
CREATE INDEX `scores_created_at_value_idx` ON `scores` (`created_at`,`value`);--> statement-breakpoint
CREATE INDEX `scores_player_id_value_idx` ON `scores` (`player_id`,`value`);--> statement-breakpoint
CREATE INDEX `scores_player_id_created_at_idx` ON `scores` (`player_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `games_created_at_idx` ON `games` (`created_at`);--> statement-breakpoint
CREATE INDEX `games_total_sum_idx` ON `games` (`total_sum`);--> statement-breakpoint
CREATE INDEX `games_player_id_updated_at_idx` ON `games` (`player_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `players_updated_at_idx` ON `players` (`updated_at`);--> statement-breakpoint
CREATE INDEX `players_name_idx` ON `players` (`name`);