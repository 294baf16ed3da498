import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { expect } from 'vitest';
import type { ClashResource } from '../../contract/clashes';
import type { Page } from '../../contract/page';
import type { PlayerResource } from '../../contract/players';
import type { RatingEntry } from '../../contract/ratings';
import type { ClashRecord } from '../../durable-objects/clashRecord';
import { BOX_TYPES, CLASSIC_RULES, type ColumnType, type Sheet } from '../../game';
import { clashRoom, getClash, type Started } from './clashes-helpers';
import { play } from './games-helpers';
import { call, json, type Session } from './helpers';

// Clashes played to their end in a few requests: every sheet is put into the room with one box left
// (FREE / YAMB) and dice that score 0 in it, so each player's total is known before their last fill.

const VALUES: Record<(typeof BOX_TYPES)[number], number> = {
  ONES: 3,
  TWOS: 6,
  THREES: 9,
  FOURS: 12,
  FIVES: 15,
  SIXES: 18,
  MAX: 25,
  MIN: 10,
  TRIPS: 20,
  STRAIGHT: 45,
  BOAT: 35,
  CARRIAGE: 40,
  YAMB: 55,
};

/**
 * A sheet of `columns` (the game's rule set's; five dice) with every box filled but FREE / YAMB; `extra`
 * points more in its FREE / TRIPS.
 */
function sheetBut(extra: number, columns: readonly ColumnType[]): Sheet {
  return {
    columns: columns.map((column) => ({
      type: column,
      boxes: BOX_TYPES.map((box) => ({
        type: box,
        value:
          column === 'FREE' && box === 'YAMB'
            ? null
            : VALUES[box] + (column === 'FREE' && box === 'TRIPS' ? extra : 0),
      })),
    })),
  };
}

/** Each game of the started clash (turn order) one fill from its end; `extra[i]` more points for player i. */
export async function oneBoxLeft(clashId: number, gameIds: number[], extra: number[]) {
  await runInDurableObject(clashRoom(clashId), (_room, state) => {
    const record = state.storage.kv.get<ClashRecord>('clash');
    if (!record) throw new Error('no clash record');
    for (const [index, gameId] of gameIds.entries()) {
      const game = record.games[String(gameId)];
      if (!game) throw new Error(`no game ${gameId}`);
      game.state = {
        ...game.state,
        sheet: sheetBut(extra[index] ?? 0, (game.state.rules ?? CLASSIC_RULES).columns),
        dice: [1, 2, 3, 4, 6],
        rollCount: 1,
        lastAction: 'ROLL',
        announcement: null,
        latestDiceRolled: [0, 1, 2, 3, 4],
        undoSnapshot: null,
      };
    }
    state.storage.kv.put('clash', record);
  });
}

/** The last fill of `session`'s game: FREE / YAMB, worth 0 with the dice oneBoxLeft put there. */
export const lastFill = (session: Session, gameId: number) =>
  play(session, gameId, 'fill', { columnType: 'FREE', boxType: 'YAMB' });

/** Plays the started clash to its end, player i ending on a total `extra[i]` above the base one. */
export async function finish({ clash, players, gameIds }: Started, extra: number[]): Promise<ClashResource> {
  await oneBoxLeft(clash.id, gameIds, extra);
  for (const [index, session] of players.entries()) await lastFill(session, gameIds[index] as number);
  const done = await json<ClashResource>(await getClash(null, clash.id));
  expect(done.status).toBe('COMPLETED');
  return done;
}

/** GET /api/players/{id} anonymously. */
export async function playerResource(id: number): Promise<PlayerResource> {
  const response = await call(`/players/${id}`);
  expect(response.status).toBe(200);
  return json<PlayerResource>(response);
}

export async function ratingTab(query = ''): Promise<Page<'ratings', RatingEntry>> {
  const response = await call(`/ratings/${query}`);
  expect(response.status).toBe(200);
  return json(response);
}

/** The rating_changes rows of a clash. */
export const ratingRows = async (clashId: number) =>
  (
    await env.DB.prepare(
      'SELECT player_id AS playerId, place FROM rating_changes WHERE clash_id = ? ORDER BY player_id',
    )
      .bind(clashId)
      .all<{ playerId: number; place: number }>()
  ).results;

/** The room writes its index again, as after an answer lost on the way back from D1. */
export async function rewriteIndex(clashId: number) {
  await runInDurableObject(clashRoom(clashId), async (room, state) => {
    state.storage.kv.put('indexed-version', 0);
    await (room as unknown as { onAlarm(): Promise<void> }).onAlarm();
  });
}

/** The practice bot's player resource. */
export async function theBot(): Promise<PlayerResource> {
  const page = await json<Page<'players', PlayerResource>>(await call('/players/?bot=true'));
  return page._embedded.players[0] as PlayerResource;
}

/** Fires the room's alarm (its pause over) until the clash is over or `humanId` is on turn. */
export async function letTheBotPlay(clashId: number, humanId: number) {
  for (let actions = 0; actions < 60; actions++) {
    const clash = await json<ClashResource>(await getClash(null, clashId));
    if (clash.status !== 'IN_PROGRESS' || clash.players[clash.turn]?.id === humanId) return;
    await runInDurableObject(clashRoom(clashId), (_room, state) => {
      const alarms = state.storage.kv.get<Record<string, number>>('alarms') ?? {};
      if (alarms.bot !== undefined) state.storage.kv.put('alarms', { ...alarms, bot: Date.now() - 1 });
    });
    await runDurableObjectAlarm(clashRoom(clashId));
  }
  throw new Error('the bot did not finish its turn');
}
