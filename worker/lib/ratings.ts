import { rate } from 'openskill';

// What a completed clash does to its players' ratings: pure, so node tests it without D1.

/** A completed clash's player, as the rating sees them. */
export interface RatedMember {
  id: number;
  score: number | null;
  forfeited?: boolean;
}

/**
 * The places the ratings and head-to-head records count, 1 best: by final total, tied totals sharing a
 * place; a player who forfeited ranks below everyone who played on, all forfeited players tied among
 * themselves whatever their totals (leaving the clash is the result, not the points made before it).
 */
export function ratingPlaces(members: readonly RatedMember[]): number[] {
  const key = (m: RatedMember) => (m.forfeited === true ? -Infinity : (m.score ?? 0));
  return members.map((m) => 1 + members.filter((other) => key(other) > key(m)).length);
}

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
