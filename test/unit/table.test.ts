import { describe, expect, it } from 'vitest';
import { BOX_TYPES, type BoxType, type RuleSet, totalSum } from '../../game';
import {
  canUndoEntry,
  enteredDice,
  newTableGame,
  passDevice,
  tableCompleted,
  type TableGame,
  tableMove,
  tableNamesError,
  tableStandings,
  undoEntry,
} from '../../game/table';
import { fixed, refused, SIXES, STRAIGHT } from './game-helpers';

// A game at the table (issue 28, game/table.ts): one device, one to six players taking turns in order, the
// device passed on after each fill, the last entry taken back even across a pass, and the standings with
// shared places. A one-column rule set keeps whole games short (13 turns a player).

const FREE_ONLY: RuleSet = { dice: 5, columns: ['FREE'], straight: 'CLASSIC' };
const ROLL = { type: 'ROLL', diceToRoll: null } as const;
const fillFree = (boxType: BoxType) => ({ type: 'FILL', columnType: 'FREE', boxType }) as const;

function tableOf(names: string[], rules = FREE_ONLY): TableGame {
  return newTableGame({ id: 'g1', kind: 'TABLE', dice: 'APP', rules, names, now: 1000 });
}

/** The player on turn rolls `values` and writes them in `box` of the Free column. */
function turn(game: TableGame, box: BoxType, values = STRAIGHT): TableGame {
  return tableMove(tableMove(game, ROLL, fixed(values), 2000), fillFree(box), fixed(values), 2001);
}

/** A turn and the device passed on to the next player. */
const turnAndPass = (game: TableGame, box: BoxType, values = STRAIGHT) =>
  passDevice(turn(game, box, values), 3000);

describe('the names a table game starts with', () => {
  it('takes 1 to 6 players with names of 1 to 20 characters once trimmed', () => {
    expect(tableNamesError(['Ana'])).toBeNull();
    expect(tableNamesError(['Ana', 'Ben', 'Ivo', 'Mara', 'Luka', 'Đuro'])).toBeNull();
    expect(tableNamesError(['  Ana  ', 'x'.repeat(20)])).toBeNull();
    expect(tableNamesError([])).toBe('table-players');
    expect(tableNamesError(['A', 'B', 'C', 'D', 'E', 'F', 'G'])).toBe('table-players');
    expect(tableNamesError(['Ana', '   '])).toBe('table-name');
    expect(tableNamesError(['Ana', 'x'.repeat(21)])).toBe('table-name');
  });

  it('starts with the trimmed names, the first player on turn, every sheet empty', () => {
    const game = tableOf([' Ana ', 'Ben']);
    expect(game.players.map((p) => p.name)).toEqual(['Ana', 'Ben']);
    expect(game.turn).toBe(0);
    expect(game.passing).toBe(false);
    expect(game.players.every((p) => p.state.rules.columns.join() === 'FREE')).toBe(true);
    expect(() => tableOf(['Ana', ''])).toThrow('table-name');
  });
});

describe('turns at the table', () => {
  it('lets only the player on turn move, and hands the device on after a fill', () => {
    let game = tableOf(['Ana', 'Ben', 'Ivo']);
    game = tableMove(game, ROLL, fixed(SIXES), 2000);
    expect(game.players[0]?.state.rollCount).toBe(1);
    expect(game.players[1]?.state.rollCount).toBe(0);
    expect(game.passing).toBe(false);

    game = tableMove(game, fillFree('SIXES'), fixed(SIXES), 2001);
    expect(game.passing).toBe(true);
    expect(game.turn).toBe(0);
    // Nobody moves until the device is passed on.
    expect(refused(() => tableMove(game, ROLL, fixed(SIXES), 2002))).toBe('table-pass-first');

    game = passDevice(game, 2003);
    expect(game.turn).toBe(1);
    expect(game.passing).toBe(false);
    // The one who played can no longer take the fill back with the game's own undo.
    expect(game.players[0]?.state.undoSnapshot).toBeNull();
    expect(game.updatedAt).toBe(2003);
  });

  it('goes round in order, back to the first player after the last', () => {
    let game = tableOf(['Ana', 'Ben', 'Ivo']);
    const turns: number[] = [];
    for (let i = 0; i < 4; i++) {
      turns.push(game.turn);
      game = turnAndPass(game, BOX_TYPES[Math.floor(i / 3)] ?? 'ONES');
    }
    expect(turns).toEqual([0, 1, 2, 0]);
  });

  it('never asks a lone player to pass the device', () => {
    const game = turn(tableOf(['Ana']), 'ONES');
    expect(game.passing).toBe(false);
    expect(game.turn).toBe(0);
    expect(passDevice(game, 5000)).toBe(game);
  });

  it('plays a whole game of three to its end: the last fill hands nothing on, and no move is left', () => {
    let game = tableOf(['Ana', 'Ben', 'Ivo']);
    for (const box of BOX_TYPES) {
      for (let player = 0; player < 3; player++) {
        game = turn(game, box, player === 1 ? SIXES : STRAIGHT);
        if (game.passing) game = passDevice(game, 4000);
      }
    }
    expect(tableCompleted(game)).toBe(true);
    expect(game.passing).toBe(false);
    expect(game.players.every((p) => p.state.status === 'COMPLETED')).toBe(true);
    expect(refused(() => tableMove(game, ROLL, fixed(SIXES), 5000))).toBe('game-completed');
  });

  it('takes a REAL-dice roll as the faces entered', () => {
    const game = newTableGame({
      id: 'r',
      kind: 'TABLE',
      dice: 'REAL',
      rules: FREE_ONLY,
      names: ['Ana'],
      now: 1,
    });
    const rolled = tableMove(game, ROLL, enteredDice([2, 2, 5, 6, 1]), 2);
    expect(rolled.players[0]?.state.dice).toEqual([2, 2, 5, 6, 1]);
  });
});

describe('undo of the last entry', () => {
  it('takes back a fill, even after the device was passed on, and gives the turn back', () => {
    let game = tableOf(['Ana', 'Ben']);
    game = tableMove(game, ROLL, fixed(SIXES), 2000);
    const rolledState = game.players[0]?.state;
    game = passDevice(tableMove(game, fillFree('SIXES'), fixed(SIXES), 2001), 2002);
    expect(game.turn).toBe(1);
    expect(canUndoEntry(game)).toBe(true);

    game = undoEntry(game, 2003);
    expect(game.turn).toBe(0);
    expect(game.passing).toBe(false);
    expect(game.players[0]?.state).toEqual(rolledState);
    expect(totalSum(game.players[0]?.state.sheet ?? { columns: [] })).toBe(0);

    // And the roll before it, back to the start.
    game = undoEntry(game, 2004);
    expect(game.players[0]?.state.rollCount).toBe(0);
    expect(canUndoEntry(game)).toBe(false);
    expect(refused(() => undoEntry(game, 2005))).toBe('undo-not-available');
  });

  it('takes back a fill made while the device was still to be passed (the "Undo" beside "Pass to …")', () => {
    let game = turn(tableOf(['Ana', 'Ben']), 'FIVES', SIXES);
    expect(game.passing).toBe(true);
    game = undoEntry(game, 3000);
    expect(game.passing).toBe(false);
    expect(game.turn).toBe(0);
    expect(game.players[0]?.state.rollCount).toBe(1);
    // Written again elsewhere, the device goes on as before.
    game = tableMove(game, fillFree('SIXES'), fixed(SIXES), 3001);
    expect(game.passing).toBe(true);
  });

  it('takes back the last fill of a finished game, which is then played on', () => {
    let game = tableOf(['Ana']);
    for (const box of BOX_TYPES) game = turn(game, box);
    expect(tableCompleted(game)).toBe(true);
    game = undoEntry(game, 9000);
    expect(tableCompleted(game)).toBe(false);
    expect(game.players[0]?.state.status).toBe('IN_PROGRESS');
  });
});

describe('the standings', () => {
  /** Each player writes the given dice in Sixes: their total is that many sixes' worth. */
  function afterSixes(counts: number[]): TableGame {
    let game = tableOf(counts.map((_, i) => `P${i + 1}`));
    for (const count of counts) {
      const values = [...Array<number>(count).fill(6), ...Array<number>(5 - count).fill(1)];
      game = turnAndPass(game, 'SIXES', values);
    }
    return game;
  }

  it('ranks the best first, tied totals sharing a place (1, 1, 3), turn order among ties', () => {
    const standings = tableStandings(afterSixes([2, 4, 4]));
    expect(standings.map((s) => [s.name, s.total, s.place])).toEqual([
      ['P2', 24, 1],
      ['P3', 24, 1],
      ['P1', 12, 3],
    ]);
  });

  it('shares a lower place too (1, 2, 2, 4) and everyone is first before any fill', () => {
    expect(tableStandings(afterSixes([5, 3, 3, 1])).map((s) => s.place)).toEqual([1, 2, 2, 4]);
    expect(tableStandings(tableOf(['Ana', 'Ben', 'Ivo'])).map((s) => [s.player, s.place])).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
    ]);
  });
});
