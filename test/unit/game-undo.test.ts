import { describe, expect, it } from 'vitest';
import {
  announce,
  CLASSIC_RULES,
  canRestart,
  canUndo,
  fill,
  type GameState,
  type GameType,
  newGame,
  restart,
  roll,
  totalSum,
  undo,
} from '../../game';
import { fixed, play, refused, rolled, SIXES, withFullColumns } from './game-helpers';

function completedGame(type: GameType = 'SOLO'): GameState {
  return withFullColumns(CLASSIC_RULES.columns, SIXES, newGame(type));
}

describe('undo', () => {
  it('puts the turn back exactly as it was before the fill', () => {
    let state = announce(rolled(newGame(), [1, 2, 3, 4, 5]), 'SIXES');
    state = roll(state, [0, 1], fixed([6, 6]));
    const filled = fill(state, 'ANNOUNCEMENT', 'SIXES');
    expect(canUndo(filled)).toBe(true);
    expect(undo(filled)).toEqual(state);
  });

  it('takes back one fill only', () => {
    const twice = play(play(newGame(), 'FREE', 'ONES', SIXES), 'FREE', 'TWOS', SIXES);
    const once = undo(twice);
    expect(once.sheet.columns[2].boxes[0].value).toBe(0);
    expect(once.sheet.columns[2].boxes[1].value).toBeNull();
    expect(canUndo(once)).toBe(false);
    expect(refused(() => undo(once))).toBe('undo-not-available');
  });

  it('is gone once the next roll is made', () => {
    expect(refused(() => undo(rolled(play(newGame(), 'FREE', 'ONES', SIXES), SIXES)))).toBe(
      'undo-not-available',
    );
  });

  it('is not available before any fill', () => {
    expect(refused(() => undo(newGame()))).toBe('undo-not-available');
    expect(refused(() => undo(rolled(newGame(), SIXES)))).toBe('undo-not-available');
  });

  it('is never available in a clash', () => {
    const state = play(newGame('CLASH'), 'FREE', 'ONES', SIXES);
    expect(canUndo(state)).toBe(false);
    expect(refused(() => undo(state))).toBe('undo-not-available');
  });

  it('cannot take back the fill that completed the game', () => {
    expect(refused(() => undo(completedGame()))).toBe('undo-not-available');
  });
});

describe('restart', () => {
  it('gives a fresh game', () => {
    const state = play(play(newGame(), 'FREE', 'ONES', SIXES), 'DOWNWARDS', 'ONES', SIXES);
    expect(canRestart(state)).toBe(true);
    expect(restart(rolled(state, SIXES))).toEqual(newGame());
  });

  it('is not allowed in a clash or on a completed game', () => {
    expect(refused(() => restart(newGame('CLASH')))).toBe('restart-not-allowed');
    expect(refused(() => restart(completedGame()))).toBe('restart-not-allowed');
  });
});

describe('completion', () => {
  it('completes the game on the 52nd fill and refuses every further move', () => {
    const state = completedGame('CLASH');
    expect(state.status).toBe('COMPLETED');
    // Five sixes every turn: per column 30 top (no bonus), 0 middle, 28 + 0 + 0 + 64 + 80 bottom.
    expect(totalSum(state.sheet)).toBe(4 * (30 + 28 + 64 + 80));
    expect(refused(() => rolled(state, SIXES))).toBe('game-completed');
    expect(refused(() => announce(state, 'ONES'))).toBe('game-completed');
    expect(refused(() => fill(state, 'FREE', 'ONES'))).toBe('game-completed');
  });
});
