import { env } from 'cloudflare:test';
import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { currentGame, flushIndex, indexRow, play } from './games-helpers';
import { call, expectError, json, registerGuest, type Session } from './helpers';

// DESIGN.md "First visit": the play screen is ready at once, but a visit that never plays leaves no
// empty game behind. The row and the room exist from the first PUT /api/games/; what keeps the untouched
// game out of sight is that its row was never changed by its room (updated_at is still created_at).

interface GameRow {
  id: number;
  player: { id: number };
}

/** The ids of the first hundred rows of a games list, newest first. */
async function listedGameIds(path: string): Promise<number[]> {
  const body = await json(await call(`${path}?size=100`));
  return body._embedded.games.map((game: GameRow) => game.id);
}

async function totalGames(session: Session): Promise<number> {
  const stats = await json(await call(`/players/${session.player.id}/stats`));
  return stats.totalGames;
}

/** The overview's leader by games played (GET /api/players/stats). */
async function mostGamesCount(): Promise<{ id: number; games: number } | null> {
  return (await json(await call('/players/stats'))).mostGamesPlayer;
}

describe('a first visit that never rolls', () => {
  it('leaves its game in no list and no count', async () => {
    const session = await registerGuest();
    const game = await currentGame(session);
    expect(game.rollCount).toBe(0);
    // The row exists (the room answers moves through it), untouched by its room.
    expect(await indexRow(game.id)).toMatchObject({ playerId: session.player.id, status: 'IN_PROGRESS' });

    expect(await listedGameIds('/games/')).not.toContain(game.id);
    expect(await listedGameIds(`/players/${session.player.id}/games`)).toEqual([]);
    const own = await json(await call(`/players/${session.player.id}/games`));
    expect(own.page.totalElements).toBe(0);
    expect(await totalGames(session)).toBe(0);
    const leader = await mostGamesCount();
    expect(leader?.id).not.toBe(session.player.id);
  });

  it('stays out of sight when the play screen is opened again and again without a roll', async () => {
    const session = await registerGuest();
    const first = await currentGame(session);
    const again = await currentGame(session);
    expect(again.id).toBe(first.id);
    await flushIndex(first.id);
    expect(await listedGameIds(`/players/${session.player.id}/games`)).toEqual([]);
    expect(await totalGames(session)).toBe(0);
  });
});

describe('after the first roll', () => {
  it('the game is listed and counted once the index has caught up', async () => {
    const session = await registerGuest();
    const game = await currentGame(session);
    const before = await indexRow(game.id);
    await play(session, game.id, 'roll');
    await flushIndex(game.id);
    const after = await indexRow(game.id);
    expect(after?.updatedAt).toBeGreaterThan(before?.updatedAt ?? Infinity);

    expect(await listedGameIds('/games/')).toContain(game.id);
    expect(await listedGameIds(`/players/${session.player.id}/games`)).toEqual([game.id]);
    expect(await totalGames(session)).toBe(1);
  });

  it('the leader by games played is counted by played games only', async () => {
    const player = await registerGuest();
    const game = await currentGame(player);
    await play(player, game.id, 'roll');
    await flushIndex(game.id);
    // Games in progress that no room ever changed (updated_at = created_at), as many as would make anyone
    // the leader (clash games: a player has one current solo game only).
    const idle = await registerGuest();
    const rows = Array.from({ length: 50 }, () =>
      env.DB.prepare("INSERT INTO games (player_id, type) VALUES (?, 'CLASH')").bind(idle.player.id),
    );
    await env.DB.batch(rows);
    const leader = await mostGamesCount();
    expect(leader?.id).not.toBe(idle.player.id);
    expect(leader?.games).toBeGreaterThanOrEqual(1);
    expect(await totalGames(idle)).toBe(0);
  });
});

describe('a finished game', () => {
  it('is always listed and counted, whatever its row’s times say', async () => {
    const session = await registerGuest();
    const row = await env.DB.prepare(
      "INSERT INTO games (player_id, status, total_sum, progress) VALUES (?, 'COMPLETED', 500, 100) RETURNING id",
    )
      .bind(session.player.id)
      .first<{ id: number }>();
    expect(await listedGameIds(`/players/${session.player.id}/games`)).toEqual([row?.id]);
    expect(await totalGames(session)).toBe(1);
  });
});

describe('the session probe (GET /api/auth/session)', () => {
  it('answers a visitor without cookies 200 with no player, while /api/players/me stays a 401', async () => {
    const response = await call('/auth/session');
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ player: null });
    expect((await call('/players/me')).status).toBe(401);
  });

  it('tells a visitor without cookies what /api/health says of the human check, for the guest registration', async () => {
    const probe = await json(await call('/auth/session'));
    const health = await json(await call('/health'));
    expect(probe.humanCheck).toBe(health.humanCheck);
    expect(probe.turnstileSiteKey).toBe(health.turnstileSiteKey);
  });

  it('says nothing of the human check to a signed-in player', async () => {
    const session = await registerGuest();
    const probe = await json(await call('/auth/session', { jar: session.jar }));
    expect(Object.keys(probe)).toEqual(['player']);
  });

  it('answers a signed-in guest with their player, as /api/players/me does', async () => {
    const session = await registerGuest();
    const { player } = await json(await call('/auth/session', { jar: session.jar }));
    expect(player).toEqual(await json(await call('/players/me', { jar: session.jar })));
    expect(player).toMatchObject({ id: session.player.id, guest: true });
  });

  it('is a 401 token-expired for an expired access token, so the client refreshes instead of starting over', async () => {
    const session = await registerGuest();
    const now = Math.floor(Date.now() / 1000);
    const stale = await sign(
      { sub: String(session.player.id), iat: now - 1000, exp: now - 100 },
      'yamb-local-development-secret-not-for-production',
      'HS256',
    );
    const jar = session.jar.clone().set('yamb_access', stale);
    await expectError(await call('/auth/session', { jar }), 401, 'token-expired');
    expect((await call('/auth/refresh', { method: 'POST', jar })).status).toBe(200);
    expect((await json(await call('/auth/session', { jar }))).player.id).toBe(session.player.id);
  });

  it('is a 401 token-expired for a refresh cookie without an access cookie (a browser that lost it)', async () => {
    const session = await registerGuest();
    const jar = session.jar.clone().delete('yamb_access');
    await expectError(await call('/auth/session', { jar }), 401, 'token-expired');
    expect((await call('/auth/refresh', { method: 'POST', jar })).status).toBe(200);
    expect((await json(await call('/auth/session', { jar }))).player.id).toBe(session.player.id);
  });
});
