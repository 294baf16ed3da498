import { describe, expect, it } from 'vitest';
import {
  BOX_TYPES,
  type BoxType,
  boxCount,
  canFill,
  canRoll,
  CLASSIC_RULES,
  type ColumnType,
  type DiceSource,
  describeRules,
  fill,
  type GameState,
  newGame,
  parseRules,
  PRESETS,
  previewScore,
  restart,
  roll,
  RuleError,
  type RuleSet,
  scoreBox,
  withRules,
} from '../../game';

// Issue 27's rule sets, position by position: the parsing of a rule set, six dice, the straight by roll,
// the HAND, MIDDLE and EDGES columns and "never stuck". Hand-made positions, checked against the text.

const fixed =
  (...values: number[]): DiceSource =>
  (count) =>
    values.slice(0, count);

/** A state of `rules` with the boxes `filled` written (value 0) and the dice and roll count given. */
function position(
  rules: RuleSet,
  {
    filled = [],
    dice,
    rollCount = 1,
  }: { filled?: [ColumnType, BoxType][]; dice?: number[]; rollCount?: number },
): GameState {
  const state = newGame('SOLO', rules);
  return {
    ...state,
    dice: dice ?? state.dice,
    rollCount,
    sheet: {
      columns: state.sheet.columns.map((column) => ({
        ...column,
        boxes: column.boxes.map((box) =>
          filled.some(([c, b]) => c === column.type && b === box.type) ? { ...box, value: 0 } : box,
        ),
      })),
    },
  };
}

const everyBoxOf = (columns: readonly ColumnType[]): [ColumnType, BoxType][] =>
  columns.flatMap((column) => BOX_TYPES.map((box): [ColumnType, BoxType] => [column, box]));

const fillable = (state: GameState, column: ColumnType) =>
  BOX_TYPES.filter((box) => canFill(state, column, box));

describe('a rule set', () => {
  it('is a preset by name, or a custom object of 1-7 known columns, each once', () => {
    expect(parseRules('BALKAN')).toBe(PRESETS.BALKAN);
    expect(parseRules({ dice: 6, columns: ['FREE', 'HAND'], straight: 'CLASSIC' })).toEqual({
      dice: 6,
      columns: ['FREE', 'HAND'],
      straight: 'CLASSIC',
    });
    for (const invalid of [
      'NONE',
      null,
      [],
      { dice: 5, columns: [], straight: 'CLASSIC' },
      { dice: 4, columns: ['FREE'], straight: 'CLASSIC' },
      { dice: 5, columns: ['FREE', 'FREE'], straight: 'CLASSIC' },
      { dice: 5, columns: ['SIDEWAYS'], straight: 'CLASSIC' },
      { dice: 5, columns: ['FREE'], straight: 'SOMETIMES' },
      { dice: 5, columns: 'FREE', straight: 'CLASSIC' },
    ])
      expect(parseRules(invalid), JSON.stringify(invalid)).toBeNull();
  });

  it('equal to a preset is reported with the preset name; any other is custom', () => {
    const same = parseRules({
      dice: 5,
      columns: ['DOWNWARDS', 'UPWARDS', 'FREE', 'ANNOUNCEMENT', 'HAND'],
      straight: 'CLASSIC',
    });
    expect(same && describeRules(same).preset).toBe('HAND');
    const reordered = parseRules({
      dice: 5,
      columns: ['UPWARDS', 'DOWNWARDS', 'FREE', 'ANNOUNCEMENT'],
      straight: 'CLASSIC',
    });
    expect(reordered && describeRules(reordered)).toEqual({
      preset: null,
      dice: 5,
      columns: ['UPWARDS', 'DOWNWARDS', 'FREE', 'ANNOUNCEMENT'],
      straight: 'CLASSIC',
    });
    expect(describeRules(CLASSIC_RULES).preset).toBe('CLASSIC');
  });

  it('makes a sheet of its columns and dice; a game ends when all its boxes are filled', () => {
    const game = newGame('SOLO', PRESETS.LONG);
    expect(game.sheet.columns.map((c) => c.type)).toEqual(PRESETS.LONG.columns);
    expect(game.dice).toHaveLength(6);
    expect(boxCount(PRESETS.LONG)).toBe(91);
    const lastBox = position(PRESETS.BALKAN, {
      filled: everyBoxOf(PRESETS.BALKAN.columns).filter(([c, b]) => !(c === 'FREE' && b === 'YAMB')),
      dice: [6, 6, 6, 6, 6, 1],
    });
    const done = fill(lastBox, 'FREE', 'YAMB');
    expect(done.status).toBe('COMPLETED');
    expect(done.sheet.columns[2].boxes[12].value).toBe(80);
  });

  it('restarts with the same rules, and a state stored before rule sets is CLASSIC', () => {
    expect(restart(newGame('SOLO', PRESETS.HAND)).rules).toBe(PRESETS.HAND);
    const { rules: _rules, ...legacy } = newGame();
    expect(withRules(legacy).rules).toBe(CLASSIC_RULES);
  });
});

describe('six dice', () => {
  it('are all rolled on the first roll, and any of the six may be rolled again', () => {
    const first = roll(newGame('SOLO', PRESETS.BALKAN), null, fixed(1, 2, 3, 4, 5, 6));
    expect(first.dice).toEqual([1, 2, 3, 4, 5, 6]);
    expect(first.latestDiceRolled).toEqual([0, 1, 2, 3, 4, 5]);
    const second = roll(first, [5, 0], fixed(6, 6));
    expect(second.dice).toEqual([6, 2, 3, 4, 5, 6]);
  });

  it('the sixth die does not exist in a five-dice game', () => {
    const first = roll(newGame(), null, fixed(1, 2, 3, 4, 5));
    expect(() => roll(first, [5], fixed(6))).toThrow(new RuleError('dice-invalid'));
  });

  it('score the best five of the six for each box', () => {
    const score = (box: BoxType, dice: number[]) => scoreBox(box, dice);
    expect(score('BOAT', [6, 6, 6, 5, 5, 5])).toBe(58);
    expect(score('ONES', [1, 1, 1, 1, 1, 1])).toBe(5);
    expect(score('SIXES', [6, 6, 2, 6, 3, 6])).toBe(24);
    expect(score('MAX', [1, 6, 5, 4, 3, 2])).toBe(20);
    expect(score('MIN', [1, 6, 5, 4, 3, 2])).toBe(15);
    expect(score('TRIPS', [2, 2, 2, 5, 5, 5])).toBe(25);
    expect(score('CARRIAGE', [3, 3, 3, 3, 1, 1])).toBe(52);
    expect(score('YAMB', [4, 4, 4, 4, 4, 1])).toBe(70);
    expect(score('YAMB', [4, 4, 4, 4, 1, 1])).toBe(0);
    expect(score('STRAIGHT', [1, 2, 3, 4, 5, 6])).toBe(45);
    expect(score('STRAIGHT', [1, 2, 3, 4, 5, 1])).toBe(35);
    expect(score('STRAIGHT', [1, 2, 3, 4, 6, 6])).toBe(0);
  });
});

describe('the straight by roll', () => {
  it('scores any straight 66, 56 or 46 after the first, second or third roll', () => {
    expect(scoreBox('STRAIGHT', [1, 2, 3, 4, 5], 'BY_ROLL', 1)).toBe(66);
    expect(scoreBox('STRAIGHT', [2, 3, 4, 5, 6], 'BY_ROLL', 2)).toBe(56);
    expect(scoreBox('STRAIGHT', [6, 5, 4, 3, 2, 1], 'BY_ROLL', 3)).toBe(46);
    expect(scoreBox('STRAIGHT', [1, 2, 3, 4, 4], 'BY_ROLL', 1)).toBe(0);
  });

  it('is written with the rolls made this turn: a straight kept while the spare die is rolled scores less', () => {
    const first = roll(newGame('SOLO', PRESETS.BALKAN), null, fixed(1, 2, 3, 4, 5, 5));
    expect(previewScore(first, 'FREE', 'STRAIGHT')).toBe(66);
    const second = roll(first, [5], fixed(1));
    expect(previewScore(second, 'FREE', 'STRAIGHT')).toBe(56);
    const third = roll(second, [5], fixed(2));
    expect(fill(third, 'FREE', 'STRAIGHT').sheet.columns[2].boxes[9].value).toBe(46);
  });
});

describe('the HAND column', () => {
  it('takes any empty box, but only right after the first roll', () => {
    const afterFirst = position(PRESETS.HAND, { rollCount: 1, filled: [['HAND', 'YAMB']] });
    expect(fillable(afterFirst, 'HAND')).toEqual(BOX_TYPES.filter((b) => b !== 'YAMB'));
    expect(fillable({ ...afterFirst, rollCount: 2 }, 'HAND')).toEqual([]);
    expect(fillable({ ...afterFirst, rollCount: 3 }, 'HAND')).toEqual([]);
  });

  it('is closed by an announcement: only the announced box may be filled', () => {
    const announced = { ...position(PRESETS.HAND, { rollCount: 1 }), announcement: 'TRIPS' as const };
    expect(fillable(announced, 'HAND')).toEqual([]);
    expect(fillable(announced, 'ANNOUNCEMENT')).toEqual(['TRIPS']);
  });
});

describe('the MIDDLE and EDGES columns', () => {
  it('MIDDLE fills from MAX and MIN outwards, the next empty box of either chain', () => {
    const rules: RuleSet = { dice: 5, columns: ['MIDDLE'], straight: 'CLASSIC' };
    expect(fillable(position(rules, {}), 'MIDDLE')).toEqual(['MAX', 'MIN']);
    const later = position(rules, {
      filled: [
        ['MIDDLE', 'MAX'],
        ['MIDDLE', 'SIXES'],
        ['MIDDLE', 'MIN'],
      ],
    });
    expect(fillable(later, 'MIDDLE')).toEqual(['FIVES', 'TRIPS']);
    const upperDone = position(rules, {
      filled: (['MAX', 'SIXES', 'FIVES', 'FOURS', 'THREES', 'TWOS', 'ONES'] as const).map((b) => [
        'MIDDLE',
        b,
      ]),
    });
    expect(fillable(upperDone, 'MIDDLE')).toEqual(['MIN']);
  });

  it('EDGES fills from ONES and YAMB inwards, ending at MAX and MIN', () => {
    const rules: RuleSet = { dice: 6, columns: ['EDGES'], straight: 'BY_ROLL' };
    expect(fillable(position(rules, {}), 'EDGES')).toEqual(['ONES', 'YAMB']);
    const later = position(rules, {
      filled: [
        ['EDGES', 'ONES'],
        ['EDGES', 'YAMB'],
        ['EDGES', 'CARRIAGE'],
      ],
    });
    expect(fillable(later, 'EDGES')).toEqual(['TWOS', 'BOAT']);
  });
});

describe('never stuck', () => {
  const onlyLeft = (rules: RuleSet, left: [ColumnType, BoxType][]) =>
    position(rules, {
      rollCount: 1,
      filled: everyBoxOf(rules.columns).filter(([c, b]) => !left.some(([lc, lb]) => lc === c && lb === b)),
    });

  it('refuses a second roll when only HAND boxes are left', () => {
    const state = onlyLeft(PRESETS.HAND, [['HAND', 'ONES']]);
    expect(canRoll(state)).toBe('hand-fill-required');
    expect(canRoll({ ...state, rollCount: 0 })).toBeNull();
    expect(canFill(state, 'HAND', 'ONES')).toBe(true);
  });

  it('asks for the announcement when ANNOUNCEMENT and HAND are left, as SPEC does with ANNOUNCEMENT alone', () => {
    expect(
      canRoll(
        onlyLeft(PRESETS.HAND, [
          ['ANNOUNCEMENT', 'YAMB'],
          ['HAND', 'MAX'],
        ]),
      ),
    ).toBe('announcement-required');
    expect(canRoll(onlyLeft(CLASSIC_RULES, [['ANNOUNCEMENT', 'YAMB']]))).toBe('announcement-required');
    const withAnnouncement = {
      ...onlyLeft(PRESETS.HAND, [['ANNOUNCEMENT', 'YAMB']]),
      announcement: 'YAMB' as const,
    };
    expect(canRoll(withAnnouncement)).toBeNull();
  });

  it('lets a second roll through while any other column has a box', () => {
    expect(
      canRoll(
        onlyLeft(PRESETS.LONG, [
          ['HAND', 'ONES'],
          ['EDGES', 'MIN'],
        ]),
      ),
    ).toBeNull();
  });
});
