import { describe, expect, it } from 'vitest';
import { PROVISIONAL_BELOW, ratingOf, ratingValue } from '../../contract/ratings';
import { ratingPlaces } from '../../game';
import { rateClash } from '../../worker/lib/ratings';

describe('the displayed rating', () => {
  it('is 1,500 for the default mu and moves 50 points per unit of mu, rounded', () => {
    expect(ratingValue(25)).toBe(1500);
    expect(ratingValue(26)).toBe(1550);
    expect(ratingValue(17)).toBe(1100);
    expect(ratingValue(25.009)).toBe(1500);
    expect(ratingValue(25.01)).toBe(1501);
  });

  it('is provisional below 5 rated clashes', () => {
    expect(PROVISIONAL_BELOW).toBe(5);
    expect(ratingOf(25, 0)).toEqual({ value: 1500, provisional: true, clashes: 0 });
    expect(ratingOf(25, 4).provisional).toBe(true);
    expect(ratingOf(25, 5).provisional).toBe(false);
  });
});

describe('the places a rating counts', () => {
  it('are by total, ties sharing a place', () => {
    expect(
      ratingPlaces([
        { id: 1, score: 300 },
        { id: 2, score: 500 },
        { id: 3, score: 300 },
      ]),
    ).toEqual([2, 1, 2]);
  });

  it('put forfeited players below everyone who played on, among themselves by their totals', () => {
    expect(
      ratingPlaces([
        { id: 1, score: 900, forfeited: true },
        { id: 2, score: 100 },
        { id: 3, score: 400, forfeited: true },
      ]),
    ).toEqual([2, 1, 3]);
  });
});

describe('rating a clash', () => {
  const fresh = { mu: 25, sigma: 25 / 3 };

  it('moves the winner up and the last down, the middle between them, sigma narrowing', () => {
    const [first, second, third] = rateClash([fresh, fresh, fresh], [1, 2, 3]);
    expect(first!.mu).toBeGreaterThan(second!.mu);
    expect(second!.mu).toBeGreaterThan(third!.mu);
    expect(first!.mu).toBeGreaterThan(25);
    expect(third!.mu).toBeLessThan(25);
    for (const r of [first, second, third]) expect(r!.sigma).toBeLessThan(fresh.sigma);
  });

  it('gives tied players of equal ratings equal ratings after', () => {
    const [a, b, c] = rateClash([fresh, fresh, fresh], [1, 1, 3]);
    expect(a).toEqual(b);
    expect(c!.mu).toBeLessThan(a!.mu);
  });

  it('moves a favourite who wins less than an underdog who wins', () => {
    const strong = { mu: 32, sigma: 3 };
    const weak = { mu: 20, sigma: 3 };
    const [favouriteWins] = rateClash([strong, weak], [1, 2]);
    const [, underdogWins] = rateClash([strong, weak], [2, 1]);
    expect(favouriteWins!.mu - strong.mu).toBeLessThan(underdogWins!.mu - weak.mu);
  });
});
