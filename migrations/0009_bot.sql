ALTER TABLE `players` ADD `bot` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- The practice opponent. Its name has a space, which no username may have, so no player can hold it;
-- it has no credentials and no e-mail, so nobody can sign in as it.
INSERT INTO `players` (`external_id`, `name`, `guest`, `bot`) VALUES ('bot:yamb', 'Yamb Bot', 0, 1);
