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

function straight(dice: readonly number[]): number {
  const key = [...dice].sort((a, b) => a - b).join('');
  if (key === '12345') return 35;
  if (key === '23456') return 45;
  return 0;
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

/** The score `boxType` gets for these five dice. */
export function scoreBox(boxType: BoxType, dice: readonly number[]): number {
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
      return straight(dice);
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
