import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { GameRoom } from '../../durable-objects/GameRoom';
import {
  announce,
  BOX_TYPES,
  type BoxType,
  boxCount,
  canAnnounce,
  fill,
  fillableBoxes,
  type GameState,
  roll,
  withRules,
  PRESET_NAMES,
  PRESETS,
  type PresetName,
  progress,
  scoreBox,
} from '../../game';
import { cryptoDiceSource } from '../../game/dice';
import type { GameLinkName } from '../../contract/games';
import {
  currentGame,
  firstAnnounceable,
  firstFillable,
  type Game,
  guestWithGame,
  indexRow,
  move,
  play,
  roomOf,
  toState,
} from './games-helpers';
import { call, expectError, json, registerGuest, type Session } from './helpers';

// Issue 27: whole games of every preset, their last turns played through the API as a client would (the
// turns before are played in the room by the same rules), following the links the game resource offers: six dice rolled and held like five, the hand column, the chain columns, the
// straight by roll, the never-stuck rule, and the score row that says which preset it counts in.

const UPPER: readonly BoxType[] = ['ONES', 'TWOS', 'THREES', 'FOURS', 'FIVES', 'SIXES'];
const LOWER: readonly BoxType[] = ['TRIPS', 'STRAIGHT', 'BOAT', 'CARRIAGE', 'YAMB'];

/**
 * A completed sheet's total as SPEC counts it, column by column, written apart from game/sums.ts: the top
 * section with +30 at 60, ONES × (MAX − MIN) floored at 0, the bottom section.
 */
function specTotal(game: Game): number {
  return game.sheet.columns.reduce((sum, column) => {
    const value = (box: BoxType) => column.boxes.find((b) => b.type === box)?.value ?? 0;
    const upper = UPPER.reduce((s, box) => s + value(box), 0);
    const middle = Math.max(0, (value('MAX') - value('MIN')) * value('ONES'));
    const lower = LOWER.reduce((s, box) => s + value(box), 0);
    return sum + upper + (upper >= 60 ? 30 : 0) + middle + lower;
  }, 0);
}

/** Follows one of the game's links, which must be there; the game it answers. */
async function follow(me: Session, game: Game, link: GameLinkName, body?: unknown): Promise<Game> {
  const href = game._links[link]?.href;
  expect(href, `the ${link} link of ${JSON.stringify(game._links)}`).toBeDefined();
  const response = await call(href as string, { method: 'PUT', jar: me.jar, body });
  const answer = await json(response);
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer as Game;
}

/** The turns each game plays through the API; the ones before are played in its room (`fastForward`). */
const API_TURNS = 8;

/**
 * Plays all but the last `left` turns of a game straight in its room, by the rules' own moves (roll, then fill
 * any box allowed, or announce one and fill it): the API then plays the end of the game, where
 * a sheet is nearly full and the rule sets differ most, without a hundred requests before it.
 */
async function fastForward(gameId: number, left: number): Promise<number> {
  return runInDurableObject(roomOf(gameId), (_room: GameRoom, storage) => {
    const record = storage.storage.kv.get<{ state: GameState }>('game');
    if (!record) throw new Error('no game stored');
    let state = withRules(record.state);
    const turns = boxCount(state.rules) - left;
    for (let turn = 0; turn < turns; turn++) {
      state = roll(state, null, cryptoDiceSource);
      // Any box the rules allow, announced ones among them, so that every column keeps some to the end.
      const announceable = BOX_TYPES.filter((b) => canAnnounce(state, b));
      const choices = fillableBoxes(state).length + announceable.length;
      const pick = Math.floor(Math.random() * choices);
      const announced = announceable[pick - fillableBoxes(state).length];
      if (announced) state = announce(state, announced);
      const target = announced
        ? { column: 'ANNOUNCEMENT' as const, box: announced }
        : fillableBoxes(state)[pick];
      if (!target) throw new Error('stuck');
      state = fill(state, target.column, target.box);
    }
    storage.storage.kv.put('game', { ...record, state });
    return turns;
  });
}

/**
 * Plays the game to its end: all but its last API_TURNS turns in its room, those over HTTP. Each of them rolls all dice; every other turn rolls again (the last
 * die, and the first: index 5 on six dice) when the game offers it; then fills the first box the `fill`
 * link allows, announcing one first when nothing else may be filled. Every fill is checked against the
 * rules' score for the dice and roll it was made with, and the progress against the boxes filled.
 */
async function playToTheEnd(me: Session, start: Game, preset: PresetName) {
  const rules = PRESETS[preset];
  const boxes = boxCount(rules);
  const played = await fastForward(start.id, API_TURNS);
  let game = await play(me, start.id, 'roll', { diceToRoll: null });
  let secondRolls = 0;
  for (let turn = played; turn < boxes; turn++) {
    if (turn > played) game = await follow(me, game, 'roll', { diceToRoll: null });
    expect(game.dices).toHaveLength(rules.dice);
    if (!firstFillable(game)) {
      game = await follow(me, game, 'announce', { boxType: firstAnnounceable(game) });
    } else if (turn % 2 === 1 && game._links.roll) {
      game = await follow(me, game, 'roll', { diceToRoll: [0, rules.dice - 1] });
      secondRolls += 1;
    }
    const box = firstFillable(game);
    // Never stuck: whatever the game offered to roll, something may be filled after it.
    expect(box, `a fillable box after ${JSON.stringify(game)}`).not.toBeNull();
    if (!box) throw new Error('stuck');
    const dice = game.dices.map((d) => d.value);
    const expected = scoreBox(box.boxType, dice, rules.straight, game.rollCount);
    game = await follow(me, game, 'fill', box);
    const filled = game.sheet.columns
      .find((c) => c.type === box.columnType)
      ?.boxes.find((b) => b.type === box.boxType)?.value;
    expect(filled, `${box.columnType} ${box.boxType} with ${dice.join('')}`).toBe(expected);
    expect(game.progress).toBe(Math.round(((turn + 1) * 100) / boxes));
  }
  return { game, secondRolls };
}

async function scoreRows(gameId: number) {
  const { results } = await env.DB.prepare('SELECT value, preset FROM scores WHERE game_id = ?')
    .bind(gameId)
    .all<{ value: number; preset: string | null }>();
  return results;
}

async function indexRules(gameId: number) {
  return env.DB.prepare('SELECT preset, rules FROM games WHERE id = ?')
    .bind(gameId)
    .first<{ preset: string | null; rules: string | null }>();
}

describe('a whole game of every preset, played through the API', { timeout: 120_000 }, () => {
  it.each(PRESET_NAMES)(
    '%s: every box filled by the links, the total SPEC’s, the score in its preset',
    async (preset) => {
      const me = await registerGuest();
      const put = await call('/games/', {
        method: 'PUT',
        jar: me.jar,
        body: { playerId: me.player.id, rules: preset },
      });
      expect(put.status).toBe(200);
      const start = await json<Game>(put);
      const rules = PRESETS[preset];
      expect(start.rules).toEqual({ preset, ...rules, columns: [...rules.columns] });
      expect(start.sheet.columns.map((c) => c.type)).toEqual([...rules.columns]);
      expect(start.dices).toHaveLength(rules.dice);
      expect(await indexRules(start.id)).toEqual({ preset, rules: JSON.stringify(rules) });

      const { game, secondRolls } = await playToTheEnd(me, start, preset);
      expect(secondRolls).toBeGreaterThan(0);
      expect(game.status).toBe('COMPLETED');
      expect(game.progress).toBe(100);
      for (const column of game.sheet.columns) expect(column.boxes.every((b) => b.value !== null)).toBe(true);
      expect(game.totalSum).toBe(specTotal(game));
      expect(progress(toState(game).sheet)).toBe(100);
      expect(game._links).toEqual({
        self: { href: `/api/games/${game.id}` },
        archive: { href: `/api/games/${game.id}/archive` },
        replay: { href: `/api/games/${game.id}/replay` },
      });

      // The score counts in the game's preset; the lists show the game with its rules.
      expect(await scoreRows(game.id)).toEqual([{ value: game.totalSum, preset }]);
      expect(await indexRow(game.id)).toMatchObject({
        status: 'COMPLETED',
        progress: 100,
        totalSum: game.totalSum,
      });
      const listed = await json(await call(`/players/${me.player.id}/games`, { jar: me.jar }));
      expect(listed._embedded.games).toEqual([
        expect.objectContaining({ id: game.id, rules: start.rules, totalSum: game.totalSum }),
      ]);

      // Archived, the next game is the player's preferred rule set: for a guest, who keeps no preferences on
      // the server, the rule set of their latest game.
      const next = await follow(me, game, 'archive');
      expect(next.id).not.toBe(game.id);
      expect(next.rules.preset).toBe(preset);
      expect(next.dices).toHaveLength(rules.dice);
    },
  );
});

describe('six dice and five', () => {
  it('a five-dice game refuses die index 5 (409 dice-invalid); a six-dice game rolls it', async () => {
    const five = await guestWithGame();
    await play(five, five.game.id, 'roll');
    await expectError(await move(five, five.game.id, 'roll', { diceToRoll: [5] }), 409, 'dice-invalid');
    await expectError(await move(five, five.game.id, 'roll', { diceToRoll: [6] }), 400, 'dice-invalid');
    const rolled = await play(five, five.game.id, 'roll', { diceToRoll: [4] });
    expect(rolled.rollCount).toBe(2);

    const me = await registerGuest();
    const six = await json<Game>(
      await call('/games/', {
        method: 'PUT',
        jar: me.jar,
        body: { playerId: me.player.id, rules: 'BALKAN' },
      }),
    );
    const first = await play(me, six.id, 'roll');
    const second = await play(me, six.id, 'roll', { diceToRoll: [5] });
    expect(second.rollCount).toBe(2);
    expect(second.latestDiceRolled).toEqual([5]);
    expect(second.dices.slice(0, 5)).toEqual(first.dices.slice(0, 5));
    await expectError(await move(me, six.id, 'roll', { diceToRoll: [6] }), 400, 'dice-invalid');
  });
});

describe('a game stored before rule sets', { timeout: 120_000 }, () => {
  it('has no rules in its room or its row, and still plays to the end as CLASSIC, its score CLASSIC', async () => {
    const { game, ...me } = await guestWithGame();
    // What a room and an index row made before issue 27 hold: a state without `rules`, no rules column.
    await runInDurableObject(roomOf(game.id), (_room: GameRoom, state) => {
      const record = state.storage.kv.get<{ state: Record<string, unknown> }>('game');
      if (!record) throw new Error('no game stored');
      const { rules: _, ...old } = record.state;
      state.storage.kv.put('game', { ...record, state: old });
    });
    await env.DB.prepare("UPDATE games SET rules = NULL, preset = 'CLASSIC' WHERE id = ?")
      .bind(game.id)
      .run();

    const again = await currentGame(me);
    expect(again.id).toBe(game.id);
    expect(again.rules).toEqual({
      ...PRESETS.CLASSIC,
      preset: 'CLASSIC',
      columns: [...PRESETS.CLASSIC.columns],
    });
    const { game: done } = await playToTheEnd(me, again, 'CLASSIC');
    expect(done.status).toBe('COMPLETED');
    expect(done.totalSum).toBe(specTotal(done));
    expect(await scoreRows(done.id)).toEqual([{ value: done.totalSum, preset: 'CLASSIC' }]);
    const listed = await json(await call(`/players/${me.player.id}/games`, { jar: me.jar }));
    expect(listed._embedded.games[0]).toMatchObject({ id: done.id, rules: { preset: 'CLASSIC', dice: 5 } });
  });
});
