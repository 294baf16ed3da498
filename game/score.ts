import type { StraightRule } from './rules';
import type { BoxType } from './types';

function faceCounts(dice: readonly number[]): number[] {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const d of dice) counts[d]++;
  return counts;
}

/** The face shown by at least `n` dice, or null. */
function faceWithAtLeast(dice: readonly number[], n: number): number | null {
  const counts = faceCounts(dice);
  for (let face = 6; face >= 1; face--) if (counts[face] >= n) return face;
  return null;
}

function sum(dice: readonly number[]): number {
  return dice.reduce((a, b) => a + b, 0);
}

function sumOfFace(dice: readonly number[], face: number): number {
  return dice.filter((d) => d === face).length * face;
}

/** BY_ROLL's straight, by the rolls made this turn when it is written. */
const STRAIGHT_BY_ROLL = [0, 66, 56, 46];

function straight(dice: readonly number[], rule: StraightRule, rollCount: number): number {
  const key = [...dice].sort((a, b) => a - b).join('');
  if (key !== '12345' && key !== '23456') return 0;
  if (rule === 'BY_ROLL') return STRAIGHT_BY_ROLL[rollCount] ?? 0;
  return key === '12345' ? 35 : 45;
}

function boat(dice: readonly number[]): number {
  const counts = faceCounts(dice);
  const three = counts.indexOf(3);
  const two = counts.indexOf(2);
  return three > 0 && two > 0 ? 3 * three + 2 * two + 30 : 0;
}

function ofAKind(dice: readonly number[], n: number, bonus: number): number {
  const face = faceWithAtLeast(dice, n);
  return face === null ? 0 : n * face + bonus;
}

/**
 * The score `boxType` gets for these dice, written after `rollCount` rolls of the turn (only a BY_ROLL
 * straight depends on it). With six dice a box takes the best five of them for that box: the lowest five
 * for MIN, the highest score of any five for every other box.
 */
export function scoreBox(
  boxType: BoxType,
  dice: readonly number[],
  rule: StraightRule = 'CLASSIC',
  rollCount = 1,
): number {
  if (dice.length <= 5) return scoreFive(boxType, dice, rule, rollCount);
  let best = boxType === 'MIN' ? Infinity : 0;
  for (let skip = 0; skip < dice.length; skip++) {
    const score = scoreFive(
      boxType,
      dice.filter((_, i) => i !== skip),
      rule,
      rollCount,
    );
    best = boxType === 'MIN' ? Math.min(best, score) : Math.max(best, score);
  }
  return best;
}

function scoreFive(boxType: BoxType, dice: readonly number[], rule: StraightRule, rollCount: number): number {
  switch (boxType) {
    case 'ONES':
      return sumOfFace(dice, 1);
    case 'TWOS':
      return sumOfFace(dice, 2);
    case 'THREES':
      return sumOfFace(dice, 3);
    case 'FOURS':
      return sumOfFace(dice, 4);
    case 'FIVES':
      return sumOfFace(dice, 5);
    case 'SIXES':
      return sumOfFace(dice, 6);
    case 'MAX':
    case 'MIN':
      return sum(dice);
    case 'TRIPS':
      return ofAKind(dice, 3, 10);
    case 'STRAIGHT':
      return straight(dice, rule, rollCount);
    case 'BOAT':
      return boat(dice);
    case 'CARRIAGE':
      return ofAKind(dice, 4, 40);
    case 'YAMB':
      return ofAKind(dice, 5, 50);
    default:
      throw new Error('Invalid BoxType');
  }
}
