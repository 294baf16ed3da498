-- Issue 29, challenge links: an open challenge anyone with its link may join (seat 0 is its maker, not stored),
-- and the seats taken in it. The code is stored (the maker shares their open link again from their list); it
-- lives at most 24 h, and the sweep deletes expired rows.
CREATE TABLE `challenges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`maker_id` integer NOT NULL,
	`name` text NOT NULL,
	`rules` text NOT NULL,
	`turn_seconds` integer,
	`seats` integer NOT NULL,
	`status` text DEFAULT 'OPEN' NOT NULL,
	`clash_id` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`maker_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`clash_id`) REFERENCES `clashes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `challenges_code_unique` ON `challenges` (`code`);--> statement-breakpoint
CREATE INDEX `challenges_maker_id_status_idx` ON `challenges` (`maker_id`,`status`);--> statement-breakpoint
CREATE INDEX `challenges_status_expires_at_idx` ON `challenges` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `challenge_seats` (
	`challenge_id` integer NOT NULL,
	`seat` integer NOT NULL,
	`player_id` integer NOT NULL,
	`joined_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`challenge_id`, `seat`),
	FOREIGN KEY (`challenge_id`) REFERENCES `challenges`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `challenge_seats_challenge_id_player_id_unique` ON `challenge_seats` (`challenge_id`,`player_id`);--> statement-breakpoint
CREATE INDEX `challenge_seats_player_id_idx` ON `challenge_seats` (`player_id`);
