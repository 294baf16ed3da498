import * as v from 'valibot';
import type { GameType } from '../game/types';
import type { Rules } from '../game/rules';
import type { LoggedTurn } from '../game/replay';
import type { Links } from './links';
import type { PlayerRef } from './playerRef';

// A finished game's moves (issue 30): GET /api/games/{id}/replay answers them, the replay screen plays them
// through the rules again (game/replay.ts `replayFrames`), and the review grades the player's decisions.

export type { LoggedTurn, MoveEntry, Position, ReplayFrame } from '../game/replay';

export type ReplayLinkName = 'self' | 'game' | 'review';

/** GET /api/games/{id}/replay: 404 until the game may be shown (see the issue), or when it kept no log. */
export interface ReplayResource {
  /** The game asked for. */
  gameId: number;
  type: GameType;
  /** A clash game's clash: the replay holds every game of it. */
  clashId?: number;
  rules: Rules;
  /** Every game the turns belong to: the one game, or a clash's games in turn order. */
  games: { id: number; player: PlayerRef }[];
  /** Every turn in the order played (a clash's alternate between its games). */
  turns: LoggedTurn[];
  /** `review`: PUT the review's figures (only for the game's own player). */
  _links: Links<ReplayLinkName>;
}

const figure = (max: number) =>
  v.pipe(v.number('review-invalid'), v.minValue(0, 'review-invalid'), v.maxValue(max, 'review-invalid'));

/**
 * PUT /api/games/{id}/review: what the browser's review found. The server checks it against the log
 * (decisions = game/replay.ts `decisionFrames` of the game, each costliest index among them) and keeps it
 * for the game's own player only: a statistic, not a ranking. A field missing or out of range is 400
 * review-invalid.
 */
export const ReviewBody = v.object(
  {
    /** How many decisions were graded. */
    decisions: v.pipe(
      v.number('review-invalid'),
      v.integer('review-invalid'),
      v.minValue(0, 'review-invalid'),
    ),
    /** The share of decisions within the "good" threshold, 0..1. */
    accuracy: figure(1),
    /** The advisor's points given up, summed over the game. */
    pointsLost: figure(100_000),
    /** Up to three decisions (indices into the graded decisions, costliest first): puzzle candidates. */
    costliest: v.optional(
      v.pipe(
        v.array(
          v.pipe(v.number('review-invalid'), v.integer('review-invalid'), v.minValue(0, 'review-invalid')),
          'review-invalid',
        ),
        v.maxLength(3, 'review-invalid'),
      ),
      [],
    ),
  },
  'review-invalid',
);
export type ReviewInput = v.InferOutput<typeof ReviewBody>;

/** A player's review figures, on their page: the average over their last 20 reviewed games. */
export interface ReviewStats {
  games: number;
  /** 0..1, null when no game was reviewed. */
  averageAccuracy: number | null;
}
