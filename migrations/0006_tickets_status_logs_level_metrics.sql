CREATE TABLE `metrics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`isolate` text NOT NULL,
	`isolate_started_at` integer NOT NULL,
	`requests` integer NOT NULL,
	`errors` integer NOT NULL,
	`total_ms` real NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `metrics_created_at_idx` ON `metrics` (`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`player_id` integer,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`email_addresses` text,
	`status` text DEFAULT 'OPEN' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_tickets`("id", "player_id", "title", "description", "email_addresses", "status", "created_at", "updated_at") SELECT "id", "player_id", "title", "description", "email_addresses", CASE "status" WHEN 'NEW' THEN 'OPEN' WHEN 'REJECTED' THEN 'CLOSED' ELSE "status" END, "created_at", "updated_at" FROM `tickets`;--> statement-breakpoint
DROP TABLE `tickets`;--> statement-breakpoint
ALTER TABLE `__new_tickets` RENAME TO `tickets`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `tickets_player_id_updated_at_idx` ON `tickets` (`player_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `tickets_updated_at_idx` ON `tickets` (`updated_at`);--> statement-breakpoint
CREATE INDEX `tickets_created_at_idx` ON `tickets` (`created_at`);--> statement-breakpoint
CREATE INDEX `tickets_status_updated_at_idx` ON `tickets` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `logs_level_created_at_idx` ON `logs` (`level`,`created_at`);