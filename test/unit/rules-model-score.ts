// The rules model's scores and sums (see rules-model.ts), written from SPEC.md section 9 and issue 27's
// "Six dice" and "Straights", not from game/score.ts or game/sums.ts. A six-dice box scores the best five of
// the six for that box: the model reads that box by box, as the issue states it, instead of trying every
// five of the six as the game may.
import type { StraightRule } from '../../game';

export const BOXES = [
  'ONES',
  'TWOS',
  'THREES',
  'FOURS',
  'FIVES',
  'SIXES',
  'MAX',
  'MIN',
  'TRIPS',
  'STRAIGHT',
  'BOAT',
  'CARRIAGE',
  'YAMB',
] as const;
export type ModelBox = (typeof BOXES)[number];

/** The parts of scoring a mutation (rules-model-mutations.ts) may break; SCORE_LAWS are the issue's. */
export interface ScoreLaws {
  /** The most dice of its face ONES…SIXES count: five, so six ONES score 5. */
  faceLimit: number;
  /** How many dice MAX (the highest) and MIN (the lowest) add up: five. */
  summed: number;
  /** BY_ROLL: any straight scores 66 when it stands after the turn's first roll, 56 after the second, 46 after the third. */
  straightByRoll: (rolls: number) => number;
}

export const SCORE_LAWS: ScoreLaws = {
  faceLimit: 5,
  summed: 5,
  straightByRoll: (rolls) => ({ 1: 66, 2: 56, 3: 46 })[rolls] ?? 0,
};

const FACES = [1, 2, 3, 4, 5, 6] as const;

/** The score `box` gets for `dice` (five or six) when filled with `rolls` rolls made this turn. */
export function scoreOf(
  box: ModelBox,
  dice: readonly number[],
  straight: StraightRule,
  rolls: number,
  laws: ScoreLaws = SCORE_LAWS,
): number {
  const count = (face: number) => dice.filter((d) => d === face).length;
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const highest = (least: number) => [...FACES].reverse().find((face) => count(face) >= least);
  const ofAKind = (n: number, bonus: number) => {
    const face = highest(n);
    return face === undefined ? 0 : n * face + bonus;
  };
  const has = (...faces: number[]) => faces.every((face) => count(face) >= 1);
  const top = BOXES.indexOf(box);
  if (top < 6) return Math.min(count(top + 1), laws.faceLimit) * (top + 1);
  switch (box) {
    case 'MAX':
      return sum([...dice].sort((a, b) => b - a).slice(0, laws.summed));
    case 'MIN':
      return sum([...dice].sort((a, b) => a - b).slice(0, laws.summed));
    case 'TRIPS':
      return ofAKind(3, 10);
    case 'STRAIGHT': {
      const high = has(2, 3, 4, 5, 6);
      const low = has(1, 2, 3, 4, 5);
      if (!high && !low) return 0;
      if (straight === 'BY_ROLL') return laws.straightByRoll(rolls);
      return high ? 45 : 35;
    }
    case 'BOAT': {
      // Three of one face and two of another; of six dice, the best such pair of faces.
      let best = 0;
      for (const three of FACES)
        for (const two of FACES)
          if (three !== two && count(three) >= 3 && count(two) >= 2)
            best = Math.max(best, 3 * three + 2 * two + 30);
      return best;
    }
    case 'CARRIAGE':
      return ofAKind(4, 40);
    case 'YAMB':
      return ofAKind(5, 50);
    default:
      throw new Error(`no box ${box}`);
  }
}

/**
 * SPEC section 9's sums of one column, from its filled boxes (`values`, box → value; an empty box counts
 * 0): the top with its +30 at 60, the middle section ONES × (MAX − MIN) floored at 0 and 0 while any of the
 * three is empty (issue 27: "counts as it does today"), and the bottom.
 */
export function columnTotal(values: ReadonlyMap<ModelBox, number>): number {
  const v = (box: ModelBox) => values.get(box) ?? 0;
  const top = BOXES.slice(0, 6).reduce((a, box) => a + v(box), 0);
  const whole = values.has('ONES') && values.has('MAX') && values.has('MIN');
  const middle = whole ? Math.max(0, v('ONES') * (v('MAX') - v('MIN'))) : 0;
  const bottom = BOXES.slice(8).reduce((a, box) => a + v(box), 0);
  return top + (top >= 60 ? 30 : 0) + middle + bottom;
}
