ALTER TABLE `notifications` ADD `kind` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `params` text;