import { rate } from 'openskill';

// What a completed clash does to its players' ratings: pure, so node tests it without D1.

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
