import { describe, expect, it, vi } from 'vitest';
import {
  announce,
  type BoxType,
  type ColumnType,
  canRoll,
  fill,
  fillableBoxes,
  type GameState,
  newGame,
  previewScore,
  roll,
} from '../../game';
import { fixed, play, refused, rolled, STRAIGHT, withFullColumns } from './game-helpers';

function boxValue(state: GameState, column: ColumnType, box: BoxType): number | null {
  return state.sheet.columns.find((c) => c.type === column)?.boxes.find((b) => b.type === box)?.value ?? null;
}

describe('a new game', () => {
  it('starts in progress with an empty sheet, five dice showing 1 and no roll', () => {
    const state = newGame();
    expect(state).toMatchObject({ type: 'SOLO', status: 'IN_PROGRESS', dice: [1, 1, 1, 1, 1], rollCount: 0 });
    expect(state.sheet.columns.map((c) => c.type)).toEqual(['DOWNWARDS', 'UPWARDS', 'FREE', 'ANNOUNCEMENT']);
    expect(state.sheet.columns.every((c) => c.boxes.every((b) => b.value === null))).toBe(true);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('cannot fill a box before the first roll', () => {
    expect(refused(() => fill(newGame(), 'FREE', 'YAMB'))).toBe('roll-required');
    expect(fillableBoxes(newGame())).toEqual([]);
  });
});

describe('rolling', () => {
  it('throws all five dice on the first roll whatever was asked', () => {
    const source = vi.fn(fixed([6, 5, 4, 3, 2]));
    const state = roll(newGame(), [2], source);
    expect(source).toHaveBeenCalledWith(5);
    expect(state).toMatchObject({ dice: [6, 5, 4, 3, 2], rollCount: 1, lastAction: 'ROLL' });
    expect(state.latestDiceRolled).toEqual([0, 1, 2, 3, 4]);
  });

  it('re-rolls only the chosen dice after the first roll', () => {
    const source = vi.fn(fixed([6, 6]));
    const state = roll(rolled(newGame()), [3, 0], source);
    expect(source).toHaveBeenCalledWith(2);
    expect(state).toMatchObject({ dice: [6, 2, 3, 6, 5], rollCount: 2, latestDiceRolled: [0, 3] });
  });

  it.each([[[]], [[5]], [[-1]], [[0, 0]], [[1.5]], [[0, 1, 2, 3, 4, 0]]])('refuses to re-roll %j', (dice) => {
    expect(refused(() => roll(rolled(newGame()), dice, fixed(STRAIGHT)))).toBe('dice-invalid');
  });

  it('allows three rolls per turn', () => {
    const third = roll(roll(rolled(newGame()), [0], fixed([2])), [0], fixed([3]));
    expect(third.rollCount).toBe(3);
    expect(canRoll(third)).toBe('roll-limit-reached');
    expect(refused(() => roll(third, [0], fixed([4])))).toBe('roll-limit-reached');
  });

  it('never changes the state it was given', () => {
    const before = rolled(newGame());
    const copy = structuredClone(before);
    roll(before, [1, 2], fixed([6, 6]));
    expect(before).toEqual(copy);
  });
});

describe('filling', () => {
  it('scores the box from the dice and ends the turn', () => {
    const state = play(newGame(), 'FREE', 'STRAIGHT', [2, 3, 4, 5, 6]);
    expect(boxValue(state, 'FREE', 'STRAIGHT')).toBe(45);
    expect(state).toMatchObject({
      rollCount: 0,
      announcement: null,
      lastAction: 'FILL',
      latestBoxFilled: 'STRAIGHT',
      latestColumnFilled: 'FREE',
    });
  });

  it('shows the score a box would get before it is filled', () => {
    const state = rolled(newGame(), [6, 6, 6, 6, 2]);
    expect(previewScore(state, 'FREE', 'CARRIAGE')).toBe(64);
    expect(previewScore(state, 'DOWNWARDS', 'ONES')).toBe(0);
    expect(previewScore(state, 'DOWNWARDS', 'TWOS')).toBeNull();
    expect(previewScore(newGame(), 'FREE', 'CARRIAGE')).toBeNull();
  });

  it('fills DOWNWARDS from ONES down', () => {
    let state = rolled(newGame());
    expect(fillableBoxes(state).filter((b) => b.column === 'DOWNWARDS')).toEqual([
      { column: 'DOWNWARDS', box: 'ONES' },
    ]);
    expect(refused(() => fill(state, 'DOWNWARDS', 'TWOS'))).toBe('box-not-available');
    state = play(play(newGame(), 'DOWNWARDS', 'ONES'), 'DOWNWARDS', 'TWOS');
    expect(refused(() => fill(rolled(state), 'DOWNWARDS', 'YAMB'))).toBe('box-not-available');
    expect(boxValue(fill(rolled(state), 'DOWNWARDS', 'THREES'), 'DOWNWARDS', 'THREES')).toBe(3);
  });

  it('fills UPWARDS from YAMB up', () => {
    let state = rolled(newGame());
    expect(refused(() => fill(state, 'UPWARDS', 'ONES'))).toBe('box-not-available');
    state = play(newGame(), 'UPWARDS', 'YAMB');
    expect(fillableBoxes(rolled(state)).filter((b) => b.column === 'UPWARDS')).toEqual([
      { column: 'UPWARDS', box: 'CARRIAGE' },
    ]);
  });

  it('fills FREE in any order but never twice', () => {
    const state = play(play(newGame(), 'FREE', 'MIN'), 'FREE', 'SIXES');
    expect(boxValue(state, 'FREE', 'MIN')).toBe(15);
    expect(refused(() => fill(rolled(state), 'FREE', 'MIN'))).toBe('box-not-available');
  });

  it('refuses an unknown column or box', () => {
    const state = rolled(newGame());
    expect(refused(() => fill(state, 'SIDEWAYS' as ColumnType, 'ONES'))).toBe('box-not-available');
    expect(refused(() => fill(state, 'FREE', 'CHANCE' as BoxType))).toBe('box-not-available');
  });
});

describe('announcing', () => {
  it('is possible only right after the first roll', () => {
    expect(refused(() => announce(newGame(), 'YAMB'))).toBe('announcement-not-allowed');
    const second = roll(rolled(newGame()), [0], fixed([1]));
    expect(refused(() => announce(second, 'YAMB'))).toBe('announcement-not-allowed');
    expect(announce(rolled(newGame()), 'YAMB').announcement).toBe('YAMB');
  });

  it('happens once per turn and only on an empty box', () => {
    const announced = announce(rolled(newGame()), 'YAMB');
    expect(refused(() => announce(announced, 'BOAT'))).toBe('announcement-not-allowed');
    const filled = play(newGame(), 'ANNOUNCEMENT', 'BOAT');
    expect(refused(() => announce(rolled(filled), 'BOAT'))).toBe('announcement-not-allowed');
  });

  it('leaves only the announced box open, through the later rolls', () => {
    let state = announce(rolled(newGame()), 'CARRIAGE');
    state = roll(state, [4], fixed([1]));
    expect(fillableBoxes(state)).toEqual([{ column: 'ANNOUNCEMENT', box: 'CARRIAGE' }]);
    expect(refused(() => fill(state, 'FREE', 'ONES'))).toBe('box-not-available');
    expect(refused(() => fill(state, 'ANNOUNCEMENT', 'YAMB'))).toBe('box-not-available');
    state = fill(state, 'ANNOUNCEMENT', 'CARRIAGE');
    expect(state.announcement).toBeNull();
    expect(boxValue(state, 'ANNOUNCEMENT', 'CARRIAGE')).toBe(0);
  });

  it('is needed before an ANNOUNCEMENT box can be filled', () => {
    expect(refused(() => fill(rolled(newGame()), 'ANNOUNCEMENT', 'ONES'))).toBe('box-not-available');
  });

  it('is required before a second roll once the other columns are full', () => {
    const state = withFullColumns(['DOWNWARDS', 'UPWARDS', 'FREE']);
    const first = rolled(state);
    expect(canRoll(state)).toBeNull();
    expect(fillableBoxes(first)).toEqual([]);
    expect(canRoll(first)).toBe('announcement-required');
    expect(refused(() => roll(first, [0], fixed([6])))).toBe('announcement-required');
    expect(roll(announce(first, 'ONES'), [0], fixed([1])).rollCount).toBe(2);
  });
});
