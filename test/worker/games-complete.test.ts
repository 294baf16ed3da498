import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { GameRoom } from '../../durable-objects/GameRoom';
import { boxCount, CLASSIC_RULES, totalSum } from '../../game';
import {
  currentGame,
  downD1,
  firstAnnounceable,
  firstFillable,
  type Game,
  guestWithGame,
  indexRow,
  move,
  play,
  roomOf,
  scoresOf,
  setD1,
  toState,
} from './games-helpers';
import { call, expectError, json, registerGuest, type Session } from './helpers';

/**
 * Plays a whole game over HTTP: each turn rolls once and fills the first box the rules allow. With
 * the other columns full, a box must be announced after the first roll, and rolling again is refused.
 */
async function playToTheEnd(me: Session, gameId: number) {
  let game: Game | undefined;
  let announcementsRequired = 0;
  for (let turn = 0; turn < boxCount(CLASSIC_RULES); turn++) {
    game = await play(me, gameId, 'roll');
    if (!firstFillable(game)) {
      expect(game._links.roll).toBeUndefined();
      expect(game._links.fill).toBeDefined();
      await expectError(await move(me, gameId, 'roll'), 409, 'announcement-required');
      announcementsRequired += 1;
      game = await play(me, gameId, 'announce', { boxType: firstAnnounceable(game) });
    }
    game = await play(me, gameId, 'fill', firstFillable(game));
  }
  return { game: game as Game, announcementsRequired };
}

// A whole game is some 150 requests: more than the default 5 s on a busy machine.
describe('a finished game', { timeout: 30_000 }, () => {
  it('is COMPLETED after 52 fills, with the rules’ total, one score, and only the archive link', async () => {
    const me = await guestWithGame();
    const { game, announcementsRequired } = await playToTheEnd(me, me.game.id);
    expect(announcementsRequired).toBe(13);
    expect(game.status).toBe('COMPLETED');
    expect(game.progress).toBe(100);
    expect(game.totalSum).toBe(totalSum(toState(game).sheet));
    expect(game._links).toEqual({
      self: { href: `/api/games/${me.game.id}` },
      archive: { href: `/api/games/${me.game.id}/archive` },
      replay: { href: `/api/games/${me.game.id}/replay` },
    });
    // Written before the last fill was answered: no waiting for the index.
    expect(await scoresOf(me.game.id)).toEqual([{ playerId: me.player.id, value: game.totalSum }]);
    expect(await indexRow(me.game.id)).toMatchObject({
      status: 'COMPLETED',
      totalSum: game.totalSum,
      progress: 100,
    });

    // A retried index write (after a lost answer, say) never counts the game twice.
    await runInDurableObject(roomOf(me.game.id), async (room: GameRoom, state) => {
      state.storage.kv.put('indexed-version', 0);
      await room.onAlarm();
    });
    expect(await scoresOf(me.game.id)).toHaveLength(1);

    // Nothing more can be played, undone or restarted.
    await expectError(await move(me, me.game.id, 'roll'), 409, 'game-completed');
    await expectError(await move(me, me.game.id, 'announce', { boxType: 'ONES' }), 409, 'game-completed');
    await expectError(
      await move(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'ONES' }),
      409,
      'game-completed',
    );
    await expectError(await move(me, me.game.id, 'undo'), 409, 'undo-not-available');
    await expectError(await move(me, me.game.id, 'restart'), 409, 'restart-not-allowed');
    // Until it is archived it is still the player's current game (the end-of-game dialog shows it).
    expect((await currentGame(me)).id).toBe(me.game.id);
  });

  it('archived, it answers the player’s next game; the old one stays readable, put away', async () => {
    const me = await guestWithGame();
    const { game } = await playToTheEnd(me, me.game.id);
    const watcher = await registerGuest();
    expect(
      (await json<Game>(await call(`/games/${me.game.id}`, { jar: watcher.jar })))._links.archive,
    ).toBeUndefined();
    await expectError(await move(watcher, me.game.id, 'archive'), 403, 'not-your-game');

    const next = await play(me, me.game.id, 'archive');
    expect(next.id).not.toBe(me.game.id);
    expect(next).toMatchObject({
      status: 'IN_PROGRESS',
      progress: 0,
      rollCount: 0,
      player: { id: me.player.id },
    });
    expect((await currentGame(me)).id).toBe(next.id);

    const old = await json<Game>(await call(`/games/${me.game.id}`, { jar: me.jar }));
    expect(old.status).toBe('ARCHIVED');
    expect(old.sheet).toEqual(game.sheet);
    expect(old._links).toEqual({
      self: { href: `/api/games/${me.game.id}` },
      replay: { href: `/api/games/${me.game.id}/replay` },
    });
    expect(await indexRow(me.game.id)).toMatchObject({ status: 'ARCHIVED', totalSum: game.totalSum });
    expect(await scoresOf(me.game.id)).toHaveLength(1);

    // A second tab archiving too gets the same next game, not a third one.
    expect((await play(me, me.game.id, 'archive')).id).toBe(next.id);
    await expectError(await move(me, me.game.id, 'roll'), 409, 'game-completed');
  });

  it('archiving while D1 is down is refused with 503 and simply retried', async () => {
    const me = await guestWithGame();
    await playToTheEnd(me, me.game.id);
    await setD1(me.game.id, downD1);
    await expectError(await move(me, me.game.id, 'archive'), 503, 'service-unavailable');
    await setD1(me.game.id, env.DB);
    const next = await play(me, me.game.id, 'archive');
    expect(next.id).not.toBe(me.game.id);
    expect(await indexRow(me.game.id)).toMatchObject({ status: 'ARCHIVED' });
    expect(await scoresOf(me.game.id)).toHaveLength(1);
  });
});
