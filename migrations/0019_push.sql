-- Issue 29: Web Push and e-mail for a player with no tab open.
-- One row per device (a browser's push subscription); the push service's 404 or 410 deletes it.
CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`player_id` integer NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`public_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_player_idx` ON `push_subscriptions` (`player_id`);--> statement-breakpoint
-- What was mailed: at most one e-mail per clash per turn (`topic`: the link and the turn).
CREATE TABLE `notification_emails` (
	`player_id` integer NOT NULL,
	`topic` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`player_id`, `topic`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_emails_sent_at_idx` ON `notification_emails` (`sent_at`);--> statement-breakpoint
-- The daily digest's last day (UTC, YYYY-MM-DD): at most one a day.
CREATE TABLE `notification_digests` (
	`player_id` integer PRIMARY KEY NOT NULL,
	`day` text NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `preferences` ADD `notifications` text;
