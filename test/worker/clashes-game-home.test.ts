import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { forgetGameRow } from '../../worker/db/games';
import { gameOf, startedClash } from './clashes-helpers';
import { callWith, downD1, type Game, guestWithGame } from './games-helpers';
import { call, json, type Session } from './helpers';

// A clash game's moves name its clash (`?clash=`), so the Worker reaches the clash's room from the link
// alone, with no D1 lookup of which room holds the game. The room answers for its own games only: a hint
// naming another clash, or none, is a 404 indistinguishable from a game that does not exist.

const roll = (session: Session, path: string) =>
  call(path, { method: 'PUT', jar: session.jar, body: { diceToRoll: [0, 1, 2, 3, 4] } });

describe('a move on a clash game that names its clash', () => {
  it('reaches the clash room without D1: played with the index down, the game unknown to this isolate', async () => {
    const { clash, players, gameIds } = await startedClash();
    const [owner] = players as [Session];
    const gameId = gameIds[0] as number;
    forgetGameRow(gameId);
    const down = { DB: downD1 };
    const put = (path: string) => callWith(down, path, owner, { method: 'PUT' });
    // Without the hint the Worker must ask D1 which room holds the game.
    expect((await put(`/games/${gameId}/roll`)).status).toBe(503);
    const rolled = await put(`/games/${gameId}/roll?clash=${clash.id}`);
    expect(rolled.status).toBe(200);
    expect((await json<Game>(rolled)).rollCount).toBe(1);
    // A client that builds the path itself still plays, through the index.
    expect((await roll(owner, `/api/games/${gameId}/roll`)).status).toBe(200);
    expect((await gameOf(owner, gameId)).rollCount).toBe(2);
  });

  it('naming another clash, or no clash at all, is 404 game-not-found as for no game, and moves nothing', async () => {
    const { players, gameIds } = await startedClash();
    const other = await startedClash();
    const [owner] = players as [Session];
    const gameId = gameIds[0] as number;
    const none = await roll(owner, '/api/games/424242/roll');
    expect(none.status).toBe(404);
    const noGame = await json(none);
    for (const hint of [other.clash.id, 31338, 0, -1, 'x', '1e3', '']) {
      const response = await roll(owner, `/api/games/${gameId}/roll?clash=${hint}`);
      expect(response.status, `clash=${hint}`).toBe(404);
      expect(await json(response), `clash=${hint}`).toEqual(noGame);
    }
    expect((await gameOf(owner, gameId)).rollCount).toBe(0);
    expect((await gameOf(other.players[0] as Session, other.gameIds[0] as number)).rollCount).toBe(0);
    // The room a hint started for a number that is no clash has nothing stored.
    await runInDurableObject(env.CLASH_ROOM.getByName('31338'), (_room, state) => {
      expect([...state.storage.kv.list()]).toEqual([]);
    });
  });

  it('a solo game named as a clash game is 404 game-not-found too', async () => {
    const me = await guestWithGame();
    const { clash } = await startedClash();
    const response = await roll(me, `/api/games/${me.game.id}/roll?clash=${clash.id}`);
    expect(response.status).toBe(404);
    expect((await json<{ key: string }>(response)).key).toBe('game-not-found');
    expect((await gameOf(me, me.game.id)).rollCount).toBe(0);
  });
});

describe('the game resource of a clash game', () => {
  it('names its clash, and its player’s moves carry the clash', async () => {
    const { clash, players, gameIds } = await startedClash();
    const game = await gameOf(players[0] as Session, gameIds[0] as number);
    expect(game.clashId).toBe(clash.id);
    expect(game._links.roll?.href).toBe(`/api/games/${gameIds[0]}/roll?clash=${clash.id}`);
  });
});
