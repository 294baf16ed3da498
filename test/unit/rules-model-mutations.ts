// Deliberately broken rules models: each breaks one of issue 27's rules in the model's Laws. The property
// test walks games with each of them and must fail on every one; a mutation it cannot tell from the
// honest model would mean the walk never checks that rule.
import { LAWS, type Laws } from './rules-model';

export interface Mutation {
  /** The rule broken, as the test names it. */
  name: string;
  laws: Laws;
  /**
   * Only games with this many dice are walked, for a rule that shows rarely: six of a face comes up in one
   * six-dice game of a dozen or so, so a walk of any rule set can take a hundred games to meet it.
   */
  dice?: 5 | 6;
}

export const MUTATIONS: readonly Mutation[] = [
  { name: 'HAND is fillable on roll 2 as well', laws: { ...LAWS, handRolls: [1, 2] } },
  {
    name: 'MIDDLE starts at ONES',
    laws: {
      ...LAWS,
      chains: {
        ...LAWS.chains,
        MIDDLE: [['ONES', 'TWOS', 'THREES', 'FOURS', 'FIVES', 'SIXES', 'MAX'], LAWS.chains.MIDDLE[1]],
      },
    },
  },
  {
    name: 'EDGES ends its lower chain at YAMB (the middle’s order)',
    laws: { ...LAWS, chains: { ...LAWS.chains, EDGES: [LAWS.chains.EDGES[0], LAWS.chains.MIDDLE[1]] } },
  },
  { name: 'six dice count all six of a face (six ONES score 6)', laws: { ...LAWS, faceLimit: 6 }, dice: 6 },
  { name: 'six dice sum all six for MAX and MIN', laws: { ...LAWS, summed: 6 } },
  {
    name: 'BY_ROLL scores with rollCount + 1',
    laws: { ...LAWS, straightByRoll: (rolls) => LAWS.straightByRoll(rolls + 1) },
  },
  { name: 'never stuck is forgotten', laws: { ...LAWS, neverStuck: false } },
  { name: 'an announcement leaves HAND open', laws: { ...LAWS, openWhenAnnounced: ['HAND'] } },
];
