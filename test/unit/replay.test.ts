import { describe, expect, it } from 'vitest';
import { advise, applyMove, type GameMove, type GameState, moveOf, newGame, PRESETS } from '../../game';
import { cryptoDiceSource } from '../../game/dice';
import {
  decisionFrames,
  decodeTurn,
  encodeTurn,
  entryOf,
  frameAt,
  type LoggedTurn,
  type MoveEntry,
  replayFrames,
} from '../../game/replay';

/** Plays `moves` on a new game as a room does, logging each turn's moves; returns the state and the log. */
function playLogged(rules = PRESETS.CLASSIC, turnsToPlay = Infinity) {
  let state: GameState = newGame('SOLO', rules);
  const turns: LoggedTurn[] = [];
  let open: MoveEntry[] = [];
  const record = (move: GameMove) => {
    state = applyMove(state, move, cryptoDiceSource);
    const entry = entryOf(move, state);
    if (entry) open.push(entry);
    if (move.type === 'FILL') {
      turns.push({ gameId: 7, moves: open });
      open = [];
    }
  };
  while (state.status === 'IN_PROGRESS' && turns.length < turnsToPlay) record(moveOf(advise(state)));
  return { state, turns };
}

describe('the move log', () => {
  it('encodes a turn in a few bytes and decodes it to the same moves', () => {
    const moves: MoveEntry[] = [
      { kind: 'ROLL', dice: [3, 5, 2, 1, 4], held: [] },
      { kind: 'ANNOUNCE', box: 'STRAIGHT' },
      { kind: 'ROLL', dice: [3, 5, 2, 6, 4], held: [0, 1, 2, 4] },
      { kind: 'FILL', column: 'ANNOUNCEMENT', box: 'STRAIGHT' },
      { kind: 'UNDO' },
      { kind: 'FILL', column: 'FREE', box: 'STRAIGHT' },
    ];
    const text = encodeTurn(moves);
    expect(text.length).toBeLessThanOrEqual(22);
    expect(decodeTurn(text, 5, [1, 1, 1, 1, 1])).toEqual(moves);
  });

  it('refuses text that is not a turn', () => {
    expect(decodeTurn('rA1234', 5, [1, 1, 1, 1, 1])).toBeNull();
    expect(decodeTurn('x', 5, [1, 1, 1, 1, 1])).toBeNull();
    expect(decodeTurn('rA12347', 5, [1, 1, 1, 1, 1])).toBeNull();
  });

  it('replays a whole logged game to the sheet it ended with, for every preset', () => {
    for (const rules of [PRESETS.CLASSIC, PRESETS.BALKAN]) {
      const { state, turns } = playLogged(rules, rules.dice === 6 ? 8 : Infinity);
      const encoded = turns.map((t) => encodeTurn(t.moves));
      let dice = newGame('SOLO', rules).dice;
      const decoded = encoded.map((text) => {
        const moves = decodeTurn(text, rules.dice, dice) as MoveEntry[];
        const rolls = moves.filter((m) => m.kind === 'ROLL');
        dice = rolls[rolls.length - 1]?.dice ?? dice;
        return { gameId: 7, moves };
      });
      expect(decoded).toEqual(turns);
      const { frames, broken } = replayFrames(rules, 'SOLO', [7], decoded);
      expect(broken).toBe(false);
      expect(frames.at(-1)?.states['7'].sheet).toEqual(state.sheet);
    }
  });

  it('names frames by turn and roll, marks undone fills, and counts the decisions', () => {
    const turns: LoggedTurn[] = [
      {
        gameId: 1,
        moves: [
          { kind: 'ROLL', dice: [6, 6, 2, 1, 4], held: [] },
          { kind: 'ROLL', dice: [6, 6, 6, 6, 3], held: [0, 1] },
          { kind: 'FILL', column: 'FREE', box: 'SIXES' },
          { kind: 'UNDO' },
          { kind: 'FILL', column: 'FREE', box: 'YAMB' },
        ],
      },
      { gameId: 1, moves: [{ kind: 'ROLL', dice: [1, 2, 3, 4, 5], held: [] }] },
    ];
    const { frames, broken } = replayFrames(PRESETS.CLASSIC, 'SOLO', [1], turns);
    expect(broken).toBe(false);
    expect(frames[3].undone).toBe(true);
    expect(frames[5].states['1'].sheet.columns[2].boxes[12].value).toBe(0);
    expect(frameAt(frames, 1, 2)).toBe(2);
    expect(frameAt(frames, 2, 1)).toBe(6);
    expect(frameAt(frames, 2, 0)).toBe(5);
    expect(decisionFrames(frames, 1)).toEqual([2, 5]);
  });

  it('stops where a log no longer fits its game', () => {
    const turns: LoggedTurn[] = [{ gameId: 1, moves: [{ kind: 'FILL', column: 'FREE', box: 'YAMB' }] }];
    expect(replayFrames(PRESETS.CLASSIC, 'SOLO', [1], turns).broken).toBe(true);
  });
});
