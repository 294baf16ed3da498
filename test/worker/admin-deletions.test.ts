import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ClashResource } from '../../contract/clashes';
import {
  clashPlayerRows,
  clashRow,
  createClash,
  getClash,
  notifications,
  players,
  startedClash,
  takeTurn,
} from './clashes-helpers';
import { currentGame, type Game, guestWithGame, indexRow, playTurn, scoresOf, watch } from './games-helpers';
import { call, expectError, json, makeAdmin, registerPlayer, type Session } from './helpers';
import { logRows } from './logs-helpers';
import { boxCount, CLASSIC_RULES } from '../../game';

// An admin deletes a player's game or clash; what is left stays consistent: no score, index row or
// clash player row points at what is gone, and the player carries on with a new game.

async function admin(): Promise<Session> {
  const session = await registerPlayer();
  await makeAdmin(session.player.id);
  return session;
}

async function gameRows(ids: number[]) {
  const { results } = await env.DB.prepare(
    `SELECT id FROM games WHERE id IN (${ids.map(() => '?').join(',')})`,
  )
    .bind(...ids)
    .all();
  return results;
}

describe('an admin deleting a solo game', { timeout: 60_000 }, () => {
  it('removes its index row, its score and its room; the player gets a new game', async () => {
    const me = await guestWithGame();
    let game: Game = me.game;
    for (let turn = 0; turn < boxCount(CLASSIC_RULES); turn++) game = await playTurn(me, game);
    expect(game.status).toBe('COMPLETED');
    expect(await scoresOf(game.id)).toHaveLength(1);

    const watcher = await watch(game.id, me);
    expect((await watcher.next()).game?.id).toBe(game.id);
    const boss = await admin();
    await expectError(await call(`/games/${game.id}`, { method: 'DELETE', jar: me.jar }), 403, 'admin-only');
    expect((await call(`/games/${game.id}`, { method: 'DELETE', jar: boss.jar })).status).toBe(204);
    // The open tab hears that the game is gone.
    expect((await watcher.next()).game).toBeNull();
    watcher.close();

    const [logged] = await logRows('admin-delete-game', boss.player.id);
    expect(JSON.parse(logged?.data ?? 'null')).toEqual({ gameId: game.id });
    expect(await indexRow(game.id)).toBeNull();
    expect(await scoresOf(game.id)).toEqual([]);
    await expectError(await call(`/games/${game.id}`, { jar: me.jar }), 404, 'game-not-found');
    await expectError(
      await call(`/games/${game.id}/roll`, { method: 'PUT', jar: me.jar, body: { diceToRoll: [0] } }),
      404,
      'game-not-found',
    );
    await expectError(
      await call(`/games/${game.id}`, { method: 'DELETE', jar: boss.jar }),
      404,
      'game-not-found',
    );
    const next = await currentGame(me);
    expect(next.id).not.toBe(game.id);
    expect(next.status).toBe('IN_PROGRESS');
  });

  it('refuses a clash game (409 game-in-clash): it goes with its clash', async () => {
    const { gameIds } = await startedClash(2);
    const boss = await admin();
    await expectError(
      await call(`/games/${gameIds[0]}`, { method: 'DELETE', jar: boss.jar }),
      409,
      'game-in-clash',
    );
  });
});

describe('an admin deleting a clash', () => {
  it('deletes one in progress with its games and players, telling every player', async () => {
    const { clash, players: members, gameIds } = await startedClash(2);
    await takeTurn(members[0] as Session, gameIds[0] as number);
    const boss = await admin();
    expect((await call(`/clashes/${clash.id}`, { method: 'DELETE', jar: boss.jar })).status).toBe(204);

    const [logged] = await logRows('admin-delete-clash', boss.player.id);
    expect(JSON.parse(logged?.data ?? 'null')).toEqual({ clashId: clash.id });
    expect(await clashRow(clash.id)).toBeNull();
    expect(await clashPlayerRows(clash.id)).toEqual([]);
    expect(await gameRows(gameIds)).toEqual([]);
    await expectError(await getClash(members[0] as Session, clash.id), 404, 'clash-not-found');
    for (const member of members) {
      const [told] = await notifications(member.player.id, 'clash-deleted');
      expect(told?.params).toEqual({ clash: clash.name, player: boss.player.name });
    }
  });

  it('deletes a pending one that is not theirs; a non-owner player still may not', async () => {
    const [owner, invited, stranger] = (await players(3)) as [Session, Session, Session];
    const clash = await createClash(owner, [invited]);
    await expectError(
      await call(`/clashes/${clash.id}`, { method: 'DELETE', jar: invited.jar }),
      403,
      'not-clash-owner',
    );
    // To a player not in it, a pending clash is no clash.
    await expectError(
      await call(`/clashes/${clash.id}`, { method: 'DELETE', jar: stranger.jar }),
      404,
      'clash-not-found',
    );
    const boss = await admin();
    expect((await call(`/clashes/${clash.id}`, { method: 'DELETE', jar: boss.jar })).status).toBe(204);
    expect(await clashRow(clash.id)).toBeNull();
    await expectError(
      await call(`/clashes/${clash.id}`, { method: 'DELETE', jar: boss.jar }),
      404,
      'clash-not-found',
    );
  });
});

describe('an admin listing clashes', () => {
  it('sees every clash with ?all=true, pending ones of others included', async () => {
    const [owner, invited] = (await players(2)) as [Session, Session];
    const clash = await createClash(owner, [invited]);
    const boss = await admin();
    const response = await call('/clashes/?all=true&size=100&sort=createdAt', { jar: boss.jar });
    expect(response.status).toBe(200);
    const list = await json<{ _embedded: { clashes: ClashResource[] }; page: { totalElements: number } }>(
      response,
    );
    expect(list._embedded.clashes.map((c) => c.id)).toContain(clash.id);
    // Without it, the admin's own clashes only (none).
    const own = await json<{ page: { totalElements: number } }>(await call('/clashes/', { jar: boss.jar }));
    expect(own.page.totalElements).toBe(0);
  });
});
