import { rate } from 'openskill';
import { CLASH_RATED_MIN_FILLS } from '../../contract/clashRules';
import { places } from '../../game';

// What a completed clash does to its players' ratings: pure, so node tests it without D1.

/** A completed clash's player, as the rating sees them. */
export interface RatedMember {
  id: number;
  score: number | null;
  forfeited?: boolean;
}

/** The places the ratings and head-to-head count: the clash's own ranking (game/clash.ts `places`). */
export const ratingPlaces = (members: readonly RatedMember[]): number[] =>
  places(
    members.map((m) => m.score ?? 0),
    members.map((m) => m.forfeited === true),
  );

/**
 * Whether a clash's play is enough to rate it: every player filled at least CLASH_RATED_MIN_FILLS boxes
 * themselves (`fills`, in turn order). A turn that ran out fills nothing, so a clash one side threw by
 * letting the clock run is not rated (issue 23's abort threshold, as lichess voids a game of too few moves).
 */
export const playedEnough = (fills: readonly number[]): boolean =>
  fills.length > 0 && fills.every((count) => count >= CLASH_RATED_MIN_FILLS);

export interface SkillRating {
  mu: number;
  sigma: number;
}

/**
 * Each player's rating after a free-for-all of `before.length` players placed `places` (ties share a
 * place: openskill's `rank`, lower is better). Weng-Lin's Plackett-Luce model, openskill's default.
 */
export function rateClash(before: readonly SkillRating[], places: readonly number[]): SkillRating[] {
  const teams = before.map((r) => [{ mu: r.mu, sigma: r.sigma }]);
  return rate(teams, { rank: [...places] }).map(([r]) => ({ mu: r.mu, sigma: r.sigma }));
}
