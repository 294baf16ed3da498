import { abortAllDurableObjects, env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { boxCount, CLASSIC_RULES } from '../../game';
import type { ClashView } from '../../game';
import { toClashResource } from '../../worker/lib/resources/clashes';
import {
  answer,
  type Clash,
  clashPlayerRows,
  clashRoom,
  clashRow,
  createClash,
  gameOf,
  getClash,
  notifications,
  players,
  type Started,
  startedClash,
  socket,
  takeTurn,
} from './clashes-helpers';
import { currentGame, type Game, indexRow, move, play, scoresOf } from './games-helpers';
import { call, expectError, json } from './helpers';

const linkNames = (links: object) => Object.keys(links).sort();

describe('a clash starts when every invited player has accepted', () => {
  it('each player gets a CLASH game; the owner is on turn and told so; everyone is told it started', async () => {
    const [owner, a, b] = await players(3);
    const clash = await createClash(owner, [a, b]);
    expect((await answer(a, clash.id, 'accept')).status).toBe('PENDING');
    const started = await answer(b, clash.id, 'accept');
    expect(started).toMatchObject({ status: 'IN_PROGRESS', turn: 0 });
    expect(started.players.map((p) => [p.id, p.status, p.score])).toEqual([
      [owner.player.id, 'ACCEPTED', 0],
      [a.player.id, 'ACCEPTED', 0],
      [b.player.id, 'ACCEPTED', 0],
    ]);
    const gameIds = started.players.map((p) => p.gameId as number);
    expect(new Set(gameIds).size).toBe(3);
    for (const [index, id] of gameIds.entries()) {
      const row = await env.DB.prepare(
        'SELECT type, clash_id AS clashId, player_id AS playerId FROM games WHERE id = ?',
      )
        .bind(id)
        .first();
      expect(row).toEqual({ type: 'CLASH', clashId: clash.id, playerId: started.players[index]?.id });
    }
    expect(await clashRow(clash.id)).toMatchObject({ status: 'IN_PROGRESS', turn: 0 });
    expect((await clashPlayerRows(clash.id)).map((r) => r.gameId)).toEqual(gameIds);
    for (const p of [owner, a, b])
      expect(await notifications(p.player.id, 'clash-started')).toEqual([
        { kind: 'clash-started', params: { clash: clash.name }, link: `/clashes/${clash.id}` },
      ]);
    expect(await notifications(owner.player.id, 'clash-turn')).toHaveLength(1);

    // Only the player on turn has moves; nobody has undo, restart or archive.
    const ownerGame = await gameOf(owner, gameIds[0] as number);
    expect(ownerGame).toMatchObject({
      type: 'CLASH',
      status: 'IN_PROGRESS',
      player: { id: owner.player.id },
    });
    expect(linkNames(ownerGame._links)).toEqual(['roll', 'self']);
    expect(linkNames((await gameOf(a, gameIds[1] as number))._links)).toEqual(['self']);
    // Anyone may watch a started clash and its games, the anonymous too.
    expect((await getClash(null, clash.id)).status).toBe(200);
    expect((await call(`/games/${gameIds[1]}`)).status).toBe(200);
  });

  it('a clash game never becomes its player’s current solo game', async () => {
    const {
      players: [owner],
      gameIds,
    } = await startedClash();
    const solo = await currentGame(owner);
    expect(solo.type).toBe('SOLO');
    expect(gameIds).not.toContain(solo.id);
  });
});

describe('turns', () => {
  it('only the player on turn may move; one fill passes the turn, and the next player is told', async () => {
    const {
      clash,
      players: [owner, other],
      gameIds,
    } = await startedClash();
    const [ownerGame, otherGame] = gameIds as [number, number];
    await expectError(await move(other, otherGame, 'roll'), 409, 'not-your-turn');
    await expectError(await move(other, ownerGame, 'roll'), 403, 'not-your-game');
    await expectError(await move(null, ownerGame, 'roll'), 401, 'unauthorized');
    for (const locked of ['undo', 'restart', 'archive'] as const)
      await expectError(await move(owner, ownerGame, locked), 409, 'clash-game-locked');

    const rolled = await play(owner, ownerGame, 'roll');
    expect(rolled._links.fill).toBeDefined();
    const filled = await play(owner, ownerGame, 'fill', { columnType: 'FREE', boxType: 'MAX' });
    // The turn has passed: the owner's game has no moves left, the other player's has them.
    expect(linkNames(filled._links)).toEqual(['self']);
    await expectError(await move(owner, ownerGame, 'roll'), 409, 'not-your-turn');
    expect(linkNames((await gameOf(other, otherGame))._links)).toEqual(['roll', 'self']);
    const after = await json<Clash>(await getClash(other, clash.id));
    expect(after.turn).toBe(1);
    expect(after.players[0]?.score).toBe(filled.totalSum);
    expect(await notifications(other.player.id, 'clash-turn')).toEqual([
      { kind: 'clash-turn', params: { clash: clash.name }, link: `/clashes/${clash.id}` },
    ]);

    await takeTurn(other, otherGame);
    expect((await json<Clash>(await getClash(owner, clash.id))).turn).toBe(0);
  });

  it('a player away from the clash is told "your turn" once, until they open it again', async () => {
    const {
      clash,
      players: [owner, other],
      gameIds: [ownerGame, otherGame],
    } = await startedClash(2);
    expect(await notifications(owner.player.id, 'clash-turn')).toHaveLength(1);
    // Playing through the API with no page open: the turn comes back, the first notice still stands.
    for (let round = 0; round < 3; round++) {
      await takeTurn(owner, ownerGame as number);
      await takeTurn(other, otherGame as number);
    }
    expect(await notifications(owner.player.id, 'clash-turn', 0)).toHaveLength(1);
    expect(await notifications(other.player.id, 'clash-turn', 0)).toHaveLength(1);
    // The owner opens the clash and leaves: the next time the turn comes back, they are told again.
    const seen = await socket(`clashes/${clash.id}`, owner);
    await seen.next();
    seen.close();
    // The room lets go of the closed socket when its close arrives.
    const openSockets = () =>
      runInDurableObject(clashRoom(clash.id), (_room, state) => state.getWebSockets().length);
    for (let attempt = 0; attempt < 50 && (await openSockets()) > 0; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await takeTurn(owner, ownerGame as number);
    await takeTurn(other, otherGame as number);
    expect(await notifications(owner.player.id, 'clash-turn', 2)).toHaveLength(2);
  });

  it('racing moves: of two fills by the player on turn and a fill by the other, exactly one passes', async () => {
    const {
      players: [owner, other],
      gameIds,
    } = await startedClash();
    const [ownerGame, otherGame] = gameIds as [number, number];
    await play(owner, ownerGame, 'roll');
    const answers = await Promise.all([
      move(owner, ownerGame, 'fill', { columnType: 'FREE', boxType: 'ONES' }),
      move(owner, ownerGame, 'fill', { columnType: 'FREE', boxType: 'TWOS' }),
      move(other, otherGame, 'fill', { columnType: 'FREE', boxType: 'THREES' }),
    ]);
    expect(answers.map((r) => r.status).filter((s) => s === 200)).toHaveLength(1);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(answers[0]?.status === 200 || answers[1]?.status === 200).toBe(true);
    // One box filled in all, and the other player's sheet untouched.
    expect((await gameOf(owner, ownerGame)).progress).toBe(2);
    expect((await gameOf(other, otherGame)).progress).toBe(0);
  });
});

/** Plays the clash to its end: each player on turn rolls and fills the first box the rules allow. */
async function playToTheEnd({ players: sessions, gameIds }: Started): Promise<Game[]> {
  const last: Game[] = [];
  for (let round = 0; round < boxCount(CLASSIC_RULES); round++)
    for (const [index, session] of sessions.entries())
      last[index] = await takeTurn(session, gameIds[index] as number);
  return last;
}

// Two whole games are some 400 requests: well over the default 5 s.
describe('a finished clash', { timeout: 120_000 }, () => {
  it('is COMPLETED with the totals as scores, the crown, one score row per game, and everyone told', async () => {
    const started = await startedClash();
    const {
      clash,
      players: [owner, other],
      gameIds,
    } = started;
    const games = await playToTheEnd(started);
    const totals = games.map((g) => g.totalSum);
    expect(games.map((g) => g.status)).toEqual(['COMPLETED', 'COMPLETED']);
    // The last fill ends the clash: its answer has the replay (issue 30), the one before it not yet.
    expect(games.map((g) => linkNames(g._links))).toEqual([['self'], ['replay', 'self']]);

    const done = await json<Clash>(await getClash(null, clash.id));
    const best = Math.max(...totals);
    const winnerIndex = totals.indexOf(best);
    expect(done.status).toBe('COMPLETED');
    expect(done.players.map((p) => p.score)).toEqual(totals);
    expect(done.players.map((p) => p.crown)).toEqual(totals.map((t) => t === best));
    expect(done.winner).toEqual({ id: done.players[winnerIndex]?.id, name: done.players[winnerIndex]?.name });
    expect(linkNames(done._links)).toEqual(['self']);

    // Written before the last fill was answered.
    expect(await clashRow(clash.id)).toMatchObject({ status: 'COMPLETED', winnerId: done.winner?.id });
    expect((await clashPlayerRows(clash.id)).map((r) => r.score)).toEqual(totals);
    for (const [index, id] of gameIds.entries()) {
      expect(await scoresOf(id)).toEqual([
        { playerId: started.players[index]?.player.id, value: totals[index] },
      ]);
      expect(await indexRow(id)).toMatchObject({
        status: 'COMPLETED',
        totalSum: totals[index],
        progress: 100,
      });
    }
    // A retried index write never counts a game twice.
    await runInDurableObject(clashRoom(clash.id), async (room, state) => {
      state.storage.kv.put('indexed-version', 0);
      await (room as unknown as { onAlarm(): Promise<void> }).onAlarm();
    });
    for (const id of gameIds) expect(await scoresOf(id)).toHaveLength(1);

    for (const p of [owner, other])
      expect(await notifications(p.player.id, 'clash-completed')).toEqual([
        {
          kind: 'clash-completed',
          params: { clash: clash.name, player: done.winner?.name },
          link: `/clashes/${clash.id}`,
        },
      ]);
    await expectError(await move(owner, gameIds[0] as number, 'roll'), 409, 'game-completed');
  });
});

describe('the crown', () => {
  const view = (totals: number[]): ClashView => ({
    id: 1,
    name: 'Tie',
    type: 'LIVE',
    status: 'COMPLETED',
    owner: { id: 10, name: 'Ana' },
    players: totals.map((score, index) => ({
      id: 10 + index,
      name: `P${index}`,
      avatarKey: null,
      status: 'ACCEPTED',
      score,
      gameId: 100 + index,
    })),
    turn: 0,
    createdAt: 0,
    updatedAt: 0,
  });

  it('goes to every player tied on the best total; the winner is the first of them in turn order', () => {
    const tied = toClashResource(view([500, 620, 620]), null, Date.now());
    expect(tied.players.map((p) => p.crown)).toEqual([false, true, true]);
    expect(tied.winner).toEqual({ id: 11, name: 'P1' });
    const single = toClashResource(view([700, 620]), null, Date.now());
    expect(single.players.map((p) => p.crown)).toEqual([true, false]);
    expect(single.winner).toEqual({ id: 10, name: 'P0' });
  });

  it('is nobody’s while the clash is being played', () => {
    const playing = toClashResource({ ...view([700, 620]), status: 'IN_PROGRESS' }, null, Date.now());
    expect(playing.players.map((p) => p.crown)).toEqual([false, false]);
    expect(playing.winner).toBeNull();
  });
});

describe('the room’s storage is the truth', () => {
  it('every answered move survives the object being aborted mid-clash', async () => {
    const {
      clash,
      players: [owner, other],
      gameIds,
    } = await startedClash();
    const [ownerGame, otherGame] = gameIds as [number, number];
    await takeTurn(owner, ownerGame);
    const otherFilled = await takeTurn(other, otherGame);
    const rolled = await play(owner, ownerGame, 'roll');
    const before = await json<Clash>(await getClash(owner, clash.id));

    await abortAllDurableObjects();

    expect(await gameOf(owner, ownerGame)).toEqual(rolled);
    expect(await gameOf(other, otherGame)).toEqual(otherFilled);
    expect(await json<Clash>(await getClash(owner, clash.id))).toEqual(before);
    // And play goes on from there.
    expect((await play(owner, ownerGame, 'roll')).rollCount).toBe(2);
  });
});
