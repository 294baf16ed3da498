// The puzzles' margin, apart from game/puzzles.ts so that a page which only states it (the rules page)
// does not bring the advisor along.

/**
 * How much better, in the advisor's points, the best decision must be than the best different one for a
 * position to be a puzzle. The advisor's `expected` is exact within the turn but values the rest of the
 * sheet by a heuristic (game/sheetValue.ts), so a gap of a point or two may be the heuristic's taste rather
 * than a mistake a player can see; at 4 points the right answer is one a strong player would defend, and
 * about one position in four after a roll still qualifies (measured on advisor self-play), so a puzzle is found within a turn or two.
 */
export const PUZZLE_MARGIN = 4;
