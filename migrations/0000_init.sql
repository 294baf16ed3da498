CREATE TABLE `clash_players` (
	`clash_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`position` integer NOT NULL,
	`game_id` integer,
	`score` integer,
	PRIMARY KEY(`clash_id`, `player_id`),
	FOREIGN KEY (`clash_id`) REFERENCES `clashes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `clash_players_player_id_idx` ON `clash_players` (`player_id`);--> statement-breakpoint
CREATE INDEX `clash_players_game_id_idx` ON `clash_players` (`game_id`);--> statement-breakpoint
CREATE TABLE `clashes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`type` text DEFAULT 'LIVE' NOT NULL,
	`owner_id` integer NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`turn` integer DEFAULT 0 NOT NULL,
	`winner_id` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`winner_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `clashes_owner_id_idx` ON `clashes` (`owner_id`);--> statement-breakpoint
CREATE INDEX `clashes_winner_id_idx` ON `clashes` (`winner_id`);--> statement-breakpoint
CREATE INDEX `clashes_status_updated_at_idx` ON `clashes` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `clashes_created_at_idx` ON `clashes` (`created_at`);--> statement-breakpoint
CREATE TABLE `credentials` (
	`player_id` integer PRIMARY KEY NOT NULL,
	`algorithm` text DEFAULT 'PBKDF2-SHA256' NOT NULL,
	`iterations` integer NOT NULL,
	`salt` text NOT NULL,
	`hash` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `email_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`player_id` integer NOT NULL,
	`kind` text NOT NULL,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_tokens_token_hash_unique` ON `email_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_tokens_player_id_idx` ON `email_tokens` (`player_id`);--> statement-breakpoint
CREATE TABLE `games` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`player_id` integer NOT NULL,
	`clash_id` integer,
	`type` text DEFAULT 'SOLO' NOT NULL,
	`status` text DEFAULT 'IN_PROGRESS' NOT NULL,
	`total_sum` integer DEFAULT 0 NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`clash_id`) REFERENCES `clashes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `games_player_id_status_idx` ON `games` (`player_id`,`status`);--> statement-breakpoint
CREATE INDEX `games_clash_id_idx` ON `games` (`clash_id`);--> statement-breakpoint
CREATE INDEX `games_updated_at_idx` ON `games` (`updated_at`);--> statement-breakpoint
CREATE TABLE `logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`player_id` integer,
	`level` text NOT NULL,
	`message` text NOT NULL,
	`data` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `logs_player_id_idx` ON `logs` (`player_id`);--> statement-breakpoint
CREATE INDEX `logs_created_at_idx` ON `logs` (`created_at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`player_id` integer NOT NULL,
	`content` text NOT NULL,
	`link` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_player_id_created_at_idx` ON `notifications` (`player_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_created_at_idx` ON `outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_to_address_idx` ON `outbox` (`to_address`);--> statement-breakpoint
CREATE TABLE `players` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`external_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`email_verified` integer DEFAULT false NOT NULL,
	`avatar_key` text,
	`admin` integer DEFAULT false NOT NULL,
	`guest` integer DEFAULT true NOT NULL,
	`status` text DEFAULT 'ACTIVE' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `players_external_id_unique` ON `players` (`external_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `players_name_unique` ON `players` (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX `players_email_unique` ON `players` (lower("email"));--> statement-breakpoint
CREATE INDEX `players_created_at_idx` ON `players` (`created_at`);--> statement-breakpoint
CREATE TABLE `preferences` (
	`player_id` integer PRIMARY KEY NOT NULL,
	`language` text NOT NULL,
	`theme` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `scores` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`player_id` integer NOT NULL,
	`game_id` integer NOT NULL,
	`value` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scores_game_id_unique` ON `scores` (`game_id`);--> statement-breakpoint
CREATE INDEX `scores_player_id_idx` ON `scores` (`player_id`);--> statement-breakpoint
CREATE INDEX `scores_value_idx` ON `scores` (`value`);--> statement-breakpoint
CREATE INDEX `scores_created_at_idx` ON `scores` (`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` integer NOT NULL,
	`family_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`rotated_at` integer,
	`revoked_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_hash_unique` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_player_id_idx` ON `sessions` (`player_id`);--> statement-breakpoint
CREATE INDEX `sessions_family_id_idx` ON `sessions` (`family_id`);--> statement-breakpoint
CREATE TABLE `tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`player_id` integer,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`email_addresses` text,
	`status` text DEFAULT 'NEW' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `tickets_player_id_idx` ON `tickets` (`player_id`);--> statement-breakpoint
CREATE INDEX `tickets_updated_at_idx` ON `tickets` (`updated_at`);