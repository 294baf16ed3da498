import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOX_TYPES, type BoxType, scoreBox } from '../../game';

const die = fc.integer({ min: 1, max: 6 });
const fiveDice = fc.array(die, { minLength: 5, maxLength: 5 });

describe('scoreBox', () => {
  it.each([
    ['ONES', [1, 1, 3, 1, 6], 3],
    ['TWOS', [2, 2, 2, 2, 1], 8],
    ['THREES', [1, 2, 4, 5, 6], 0],
    ['FOURS', [4, 1, 4, 2, 3], 8],
    ['FIVES', [5, 5, 5, 5, 5], 25],
    ['SIXES', [6, 6, 1, 2, 6], 18],
    ['MAX', [6, 6, 5, 6, 4], 27],
    ['MIN', [1, 1, 2, 1, 3], 8],
  ] as [BoxType, number[], number][])('%s of %j scores %i', (box, dice, expected) => {
    expect(scoreBox(box, dice)).toBe(expected);
  });

  it.each([
    [[2, 2, 2, 5, 6], 16],
    [[4, 1, 4, 4, 4], 22],
    [[6, 6, 6, 6, 6], 28],
    [[3, 3, 5, 5, 1], 0],
    [[1, 2, 3, 4, 5], 0],
  ])('TRIPS of %j scores %i (four or five of a kind still count three dice)', (dice, expected) => {
    expect(scoreBox('TRIPS', dice)).toBe(expected);
  });

  it.each([
    [[5, 4, 3, 2, 1], 35],
    [[6, 2, 4, 3, 5], 45],
    [[1, 2, 3, 4, 6], 0],
    [[1, 3, 4, 5, 6], 0],
    [[2, 2, 3, 4, 5], 0],
  ])('STRAIGHT of %j scores %i', (dice, expected) => {
    expect(scoreBox('STRAIGHT', dice)).toBe(expected);
  });

  it.each([
    [[3, 3, 3, 5, 5], 49],
    [[5, 2, 5, 2, 2], 46],
    [[4, 4, 4, 4, 4], 0],
    [[4, 4, 4, 4, 2], 0],
    [[1, 1, 2, 2, 3], 0],
  ])('BOAT of %j scores %i (five of a kind is not a boat)', (dice, expected) => {
    expect(scoreBox('BOAT', dice)).toBe(expected);
  });

  it.each([
    [[6, 6, 1, 6, 6], 64],
    [[2, 2, 2, 2, 2], 48],
    [[3, 3, 3, 1, 1], 0],
  ])('CARRIAGE of %j scores %i', (dice, expected) => {
    expect(scoreBox('CARRIAGE', dice)).toBe(expected);
  });

  it.each([
    [[5, 5, 5, 5, 5], 75],
    [[1, 1, 1, 1, 1], 55],
    [[5, 5, 5, 5, 4], 0],
  ])('YAMB of %j scores %i', (dice, expected) => {
    expect(scoreBox('YAMB', dice)).toBe(expected);
  });

  it('refuses an unknown box type', () => {
    expect(() => scoreBox('CHANCE' as BoxType, [1, 2, 3, 4, 5])).toThrow('Invalid BoxType');
  });

  it('does not depend on the order of the dice', () => {
    fc.assert(
      fc.property(fiveDice, fc.constantFrom(...BOX_TYPES), (dice, box) => {
        const reversed = [...dice].reverse();
        const sorted = [...dice].sort();
        expect(scoreBox(box, reversed)).toBe(scoreBox(box, dice));
        expect(scoreBox(box, sorted)).toBe(scoreBox(box, dice));
      }),
      { numRuns: 300 },
    );
  });

  it('scores the number boxes as the sum of that face, and a yamb also as carriage and trips', () => {
    fc.assert(
      fc.property(fiveDice, (dice) => {
        const total = dice.reduce((a, b) => a + b, 0);
        const faces = BOX_TYPES.slice(0, 6).map((box) => scoreBox(box, dice));
        expect(faces.reduce((a, b) => a + b, 0)).toBe(total);
        expect(scoreBox('MAX', dice)).toBe(total);
        if (scoreBox('YAMB', dice) > 0) expect(scoreBox('CARRIAGE', dice)).toBeGreaterThan(0);
        if (scoreBox('CARRIAGE', dice) > 0) expect(scoreBox('TRIPS', dice)).toBeGreaterThan(0);
        if (scoreBox('BOAT', dice) > 0) expect(scoreBox('TRIPS', dice)).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
