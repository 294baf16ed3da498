DROP INDEX `games_player_id_status_idx`;--> statement-breakpoint
CREATE INDEX `games_player_id_played_idx` ON `games` (`player_id`,`status`,`updated_at`,`created_at`);