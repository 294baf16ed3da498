-- Correspondence clashes (issue 29): the clash's turn clock, so that a player's correspondence clashes
-- (a day or more a turn) are counted against the 30 they may hold, and when the turn on runs out, so that
-- the clash lists show the time left; both written by the clash's room with the rest of its index row.
ALTER TABLE `clashes` ADD `turn_seconds` integer;--> statement-breakpoint
ALTER TABLE `clashes` ADD `turn_deadline` integer;
