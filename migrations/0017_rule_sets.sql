ALTER TABLE `clashes` ADD `preset` text DEFAULT 'CLASSIC';--> statement-breakpoint
ALTER TABLE `clashes` ADD `rules` text;--> statement-breakpoint
ALTER TABLE `games` ADD `preset` text DEFAULT 'CLASSIC';--> statement-breakpoint
ALTER TABLE `games` ADD `rules` text;--> statement-breakpoint
ALTER TABLE `preferences` ADD `rules` text;--> statement-breakpoint
ALTER TABLE `scores` ADD `preset` text DEFAULT 'CLASSIC';--> statement-breakpoint
CREATE INDEX `scores_preset_value_idx` ON `scores` (`preset`,`value`);--> statement-breakpoint
CREATE INDEX `scores_preset_created_at_value_idx` ON `scores` (`preset`,`created_at`,`value`);