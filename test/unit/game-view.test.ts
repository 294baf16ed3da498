import { describe, expect, it } from 'vitest';
import {
  announce,
  BOX_TYPES,
  type BoxType,
  CLASSIC_RULES,
  type ColumnType,
  fill,
  newGame,
  PRESETS,
  roll,
  scoreBox,
} from '../../game';
import { type GameResource, toGameState } from '../../contract/games';
import { isNotOlder } from '../../web/api/gameCache';
import { lastPlayed } from '../../web/components/game/list';
import { diceToRoll, rolledDice, rollView, sheetView, tumbleMs } from '../../web/components/game/view';
import { ALL, fixed, resourceOf, withFullColumns } from './game-helpers';

// `resourceOf` is the server's own toGameResource: what these tests feed the play screen is what the
// server sends, links included.

/** What the board may offer, read from the links of the resource as the play screen reads them. */
const mayOf = (game: GameResource) => ({
  roll: !!game._links.roll,
  fill: !!game._links.fill,
  announce: !!game._links.announce,
});

const cell = (view: ReturnType<typeof sheetView>, column: ColumnType, box: BoxType) =>
  view.cells[CLASSIC_RULES.columns.indexOf(column)][BOX_TYPES.indexOf(box)];

describe('toGameState: the server resource as the rules see it', () => {
  it('gives back the state the resource was made from, at every kind of moment of a game', () => {
    const first = roll(newGame(), ALL, fixed([6, 6, 6, 2, 2]));
    const filled = fill(first, 'FREE', 'BOAT');
    const announced = announce(roll(filled, ALL, fixed([3, 1, 4, 1, 5])), 'STRAIGHT');
    const rerolled = roll(announced, [1, 3], fixed([2, 6]));
    const states = [
      newGame(),
      first,
      filled,
      announced,
      rerolled,
      fill(rerolled, 'ANNOUNCEMENT', 'STRAIGHT'),
      roll(newGame('CLASH'), ALL, fixed([4, 4, 1, 2, 3])),
      withFullColumns(CLASSIC_RULES.columns),
    ];
    for (const state of states) {
      expect(toGameState(resourceOf(state))).toEqual({ ...state, undoSnapshot: null });
      // A watcher's copy carries the same game.
      expect(toGameState(resourceOf(state, {}, null))).toEqual({ ...state, undoSnapshot: null });
    }
  });

  it('puts columns, boxes and dice in the rules order whatever order they arrive in', () => {
    const state = fill(roll(newGame(), ALL, fixed([2, 2, 2, 5, 6])), 'DOWNWARDS', 'ONES');
    const resource = resourceOf(state);
    resource.sheet.columns.reverse();
    for (const column of resource.sheet.columns) column.boxes.reverse();
    resource.dices.reverse();
    const back = toGameState(resource);
    expect(back.sheet.columns.map((c) => c.type)).toEqual([...CLASSIC_RULES.columns]);
    expect(back.sheet.columns[0].boxes.map((b) => b.type)).toEqual([...BOX_TYPES]);
    expect(back.sheet.columns[0].boxes[0].value).toBe(0);
    expect(back.dice).toEqual([2, 2, 2, 5, 6]);
  });

  it('treats an archived game as completed and a missing box as empty', () => {
    const resource = resourceOf(newGame(), { archived: true });
    expect(resource.status).toBe('ARCHIVED');
    resource.sheet.columns = resource.sheet.columns.slice(0, 2);
    const back = toGameState(resource);
    expect(back.status).toBe('COMPLETED');
    expect(back.sheet.columns).toHaveLength(4);
    expect(back.sheet.columns[3].boxes.every((b) => b.value === null)).toBe(true);
  });

  it('replaces an impossible or missing die with a 1 rather than crash the scoring', () => {
    const resource = resourceOf({ ...newGame(), dice: [9, 2, 0, 4, 5] });
    expect(toGameState(resource).dice).toEqual([1, 2, 1, 4, 5]);
    resource.dices = resource.dices.filter((d) => d.index !== 4);
    expect(toGameState(resource).dice).toEqual([1, 2, 1, 4, 1]);
  });
});

describe('sheetView: which boxes a click fills or announces, and what they would score', () => {
  const may = { fill: true, announce: true };

  it('offers nothing before the first roll', () => {
    const view = sheetView(newGame(), may);
    expect(view.open).toBe(0);
    expect(view.cells.flat().every((c) => c.action === null && c.preview === null)).toBe(true);
  });

  it('after a roll shows the score each open box would get', () => {
    const state = roll(newGame(), ALL, fixed([5, 5, 5, 5, 2]));
    const view = sheetView(state, may);
    expect(cell(view, 'DOWNWARDS', 'ONES')).toMatchObject({ action: 'fill', preview: 0 });
    expect(cell(view, 'DOWNWARDS', 'TWOS').action).toBeNull();
    expect(cell(view, 'UPWARDS', 'YAMB')).toMatchObject({ action: 'fill', preview: 0 });
    expect(cell(view, 'FREE', 'CARRIAGE')).toMatchObject({
      action: 'fill',
      preview: scoreBox('CARRIAGE', state.dice),
    });
    expect(cell(view, 'FREE', 'FIVES').preview).toBe(20);
    // 1 + 1 + 13 free boxes + 13 announceable ones at roll 1.
    expect(view.open).toBe(28);
    expect(view.cells[3].every((c) => c.action === 'announce' && c.preview === null)).toBe(true);
  });

  it('after an announcement offers only the announced box', () => {
    const state = announce(roll(newGame(), ALL, fixed([1, 2, 3, 4, 5])), 'STRAIGHT');
    const view = sheetView(state, may);
    expect(view.open).toBe(1);
    expect(cell(view, 'ANNOUNCEMENT', 'STRAIGHT')).toMatchObject({
      action: 'fill',
      preview: 35,
      announced: true,
    });
  });

  it('offers no announcement after the first roll', () => {
    let state = roll(newGame(), ALL, fixed([1, 2, 3, 4, 5]));
    state = roll(state, [0], fixed([6]));
    expect(sheetView(state, may).cells[3].every((c) => c.action === null)).toBe(true);
  });

  it('offers what the player’s copy links to, nothing on a watcher’s copy, nothing while the dice tumble', () => {
    const state = roll(newGame(), ALL, fixed([1, 2, 3, 4, 5]));
    const players = resourceOf(state);
    expect(sheetView(toGameState(players), mayOf(players)).open).toBe(28);
    const watchers = resourceOf(state, {}, null);
    expect(sheetView(toGameState(watchers), mayOf(watchers)).open).toBe(0);
    expect(sheetView(state, may, false).open).toBe(0);
  });

  it('marks the box the last fill wrote, and sums the columns and the sheet', () => {
    let state = fill(roll(newGame(), ALL, fixed([6, 6, 6, 6, 6])), 'FREE', 'SIXES');
    state = fill(roll(state, ALL, fixed([6, 6, 6, 6, 6])), 'FREE', 'YAMB');
    const view = sheetView(state, may);
    expect(cell(view, 'FREE', 'YAMB').latest).toBe(true);
    expect(cell(view, 'FREE', 'SIXES').latest).toBe(false);
    expect(view.sums[2]).toMatchObject({ top: 30, bonus: 0, bottom: 80, total: 110 });
    expect(view.total).toBe(110);
  });
});

describe('the roll button', () => {
  it('throws all five dice first, then only those not held', () => {
    expect(diceToRoll(0, new Set([1, 2]), 5)).toEqual(ALL);
    expect(diceToRoll(1, new Set([1, 3]), 5)).toEqual([0, 2, 4]);
    expect(diceToRoll(2, new Set(ALL), 5)).toEqual([]);
  });

  it('is enabled before the first roll for the player, not for a watcher', () => {
    expect(rollView(newGame(), mayOf(resourceOf(newGame())).roll, new Set())).toEqual({
      enabled: true,
      hint: 'firstRoll',
      canHold: false,
    });
    expect(rollView(newGame(), mayOf(resourceOf(newGame(), {}, null)).roll, new Set()).enabled).toBe(false);
  });

  it('lets dice be held between rolls, and refuses a roll with every die held', () => {
    const state = roll(newGame(), ALL, fixed([1, 2, 3, 4, 5]));
    expect(rollView(state, true, new Set([0]))).toEqual({ enabled: true, hint: 'choose', canHold: true });
    expect(rollView(state, true, new Set(ALL))).toEqual({ enabled: false, hint: 'allHeld', canHold: true });
  });

  it('is disabled after the third roll', () => {
    let state = roll(newGame(), ALL, fixed([1, 2, 3, 4, 5]));
    state = roll(roll(state, [0], fixed([6])), [0], fixed([6]));
    expect(rollView(state, true, new Set())).toEqual({ enabled: false, hint: 'lastRoll', canHold: false });
  });

  it('asks for an announcement when only the announcement column is left', () => {
    const state = roll(withFullColumns(['DOWNWARDS', 'UPWARDS', 'FREE']), ALL, fixed([1, 2, 3, 4, 5]));
    const game = resourceOf(state);
    expect(rollView(state, mayOf(game).roll, new Set())).toEqual({
      enabled: false,
      hint: 'announce',
      canHold: false,
    });
    const view = sheetView(toGameState(game), mayOf(game));
    expect(view.open).toBe(13);
    expect(view.cells[3].every((c) => c.action === 'announce')).toBe(true);
  });

  it('asks for a Hand box when only the hand column is left (issue 27: never stuck)', () => {
    const start = newGame('SOLO', PRESETS.HAND);
    const state = roll(
      withFullColumns(['DOWNWARDS', 'UPWARDS', 'FREE', 'ANNOUNCEMENT'], undefined, start),
      ALL,
      fixed([1, 2, 3, 4, 5]),
    );
    const game = resourceOf(state);
    expect(rollView(state, mayOf(game).roll, new Set())).toEqual({
      enabled: false,
      hint: 'handFill',
      canHold: false,
    });
    const view = sheetView(toGameState(game), mayOf(game));
    expect(view.open).toBe(13);
    expect(view.cells[4].every((c) => c.column === 'HAND' && c.action === 'fill')).toBe(true);
  });

  it("rolls all six dice of a six-dice game at a turn's start, and the free ones after", () => {
    expect(diceToRoll(0, new Set([1]), 6)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(diceToRoll(1, new Set([0, 5]), 6)).toEqual([1, 2, 3, 4]);
  });

  it('says the game is over once it is', () => {
    const done = withFullColumns(CLASSIC_RULES.columns);
    expect(rollView(done, mayOf(resourceOf(done)).roll, new Set())).toMatchObject({
      enabled: false,
      hint: 'done',
    });
  });
});

describe('live updates and the roll animation', () => {
  it('never lets an older state of a game replace a newer one', () => {
    const older = resourceOf(newGame(), { updatedAt: Date.parse('2026-01-01T10:00:00.000Z') });
    const newer = resourceOf(newGame(), { updatedAt: Date.parse('2026-01-01T10:00:01.000Z') });
    expect(isNotOlder(newer, older)).toBe(true);
    expect(isNotOlder(older, newer)).toBe(false);
    expect(isNotOlder(older, older)).toBe(true);
    expect(isNotOlder(older, undefined)).toBe(true);
    expect(
      isNotOlder(older, resourceOf(newGame(), { id: 8, updatedAt: Date.parse('2026-01-01T10:00:01.000Z') })),
    ).toBe(true);
  });

  it('tumbles only the dice a roll threw, each for 800-1800 ms', () => {
    expect(rolledDice([4, 0, 0, 9, -1], 5)).toEqual([4, 0]);
    expect(tumbleMs(0)).toBe(800);
    expect(tumbleMs(0.5)).toBe(1300);
    expect(tumbleMs(0.9999)).toBeLessThanOrEqual(1800);
    expect(tumbleMs(7)).toBe(1800);
  });
});

describe('the dates of the tables', () => {
  it('shows recent times as relative and older ones as a date, in the language chosen', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(lastPlayed('2026-03-10T11:55:00Z', now, 'en-US')).toBe('5 minutes ago');
    expect(lastPlayed('2026-03-10T11:59:59Z', now, 'en-US')).toMatch(/second/);
    expect(lastPlayed('2026-03-09T12:00:00Z', now, 'en-US')).toBe('yesterday');
    expect(lastPlayed('2026-03-10T09:00:00Z', now, 'hr')).toMatch(/prije 3 sata/);
    expect(lastPlayed('2026-01-05T12:00:00Z', now, 'en-US')).toBe('Jan 5, 2026');
    expect(lastPlayed('2026-03-10T11:55:00Z', now, 'en-US', 'short')).toBe('5 min. ago');
    expect(lastPlayed('not a date', now, 'en-US')).toBe('');
  });
});
