CREATE TABLE `data_points` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`detail` text NOT NULL,
	`colo` text NOT NULL,
	`room` text NOT NULL,
	`duration_ms` real NOT NULL,
	`status` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `data_points_kind_created_at_idx` ON `data_points` (`kind`,`created_at`);--> statement-breakpoint
DROP TABLE `metrics`;