import { describe, expect, it } from 'vitest';
import { crowned, nextTurn, places } from '../../game';

describe('the turn of a clash', () => {
  it('passes to the next player in turn order, round the table', () => {
    expect(nextTurn(0, [false, false, false])).toBe(1);
    expect(nextTurn(1, [false, false, false])).toBe(2);
    expect(nextTurn(2, [false, false, false])).toBe(0);
  });

  it('skips players whose game is complete', () => {
    expect(nextTurn(0, [false, true, false])).toBe(2);
    expect(nextTurn(2, [false, true, true])).toBe(0);
    // The player who just filled plays on when everyone else is done.
    expect(nextTurn(1, [true, false, true])).toBe(1);
  });

  it('is over when every game is complete', () => {
    expect(nextTurn(1, [true, true])).toBeNull();
    expect(nextTurn(0, [true, true, true])).toBeNull();
  });
});

describe('the crown of a clash', () => {
  it('goes to the best total', () => {
    expect(crowned([700, 912, 455])).toEqual([1]);
  });

  it('goes to every player tied on the best total, in turn order', () => {
    expect(crowned([800, 650, 800])).toEqual([0, 2]);
    expect(crowned([500, 500])).toEqual([0, 1]);
  });

  it('places tied totals together and counts the places they take', () => {
    expect(places([800, 650, 800])).toEqual([1, 3, 1]);
    expect(places([300, 900, 600])).toEqual([3, 1, 2]);
  });
});
