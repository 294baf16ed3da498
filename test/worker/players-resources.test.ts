import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, expectError, json, makeAdmin, registerGuest, registerPlayer, type Session } from './helpers';

// Rows the rooms and the other routes would write, put straight into D1 so the reads can be checked.
// A finished game that is no longer the player's current one is ARCHIVED (one current solo game each).
async function completedGame(playerId: number, total: number, updatedAt = Date.now()) {
  const game = await env.DB.prepare(
    "INSERT INTO games (player_id, status, total_sum, progress, created_at, updated_at) VALUES (?, 'ARCHIVED', ?, 100, ?, ?) RETURNING id",
  )
    // Played: its room moved updated_at past created_at (a game never played is in no list or count).
    .bind(playerId, total, updatedAt - 60_000, updatedAt)
    .first<{ id: number }>();
  await env.DB.prepare('INSERT INTO scores (player_id, game_id, value, created_at) VALUES (?, ?, ?, ?)')
    .bind(playerId, game?.id, total, updatedAt)
    .run();
  return game?.id as number;
}

describe('a player’s statistics', () => {
  it('sums up their games and scores', async () => {
    const { player } = await registerGuest();
    await completedGame(player.id, 200);
    await completedGame(player.id, 300);
    await completedGame(player.id, 401);
    // The current game, played (its room moved updated_at) and one never played, which counts for nothing.
    await env.DB.prepare('INSERT INTO games (player_id, updated_at) VALUES (?, ?)')
      .bind(player.id, Date.now() + 1000)
      .run();
    await env.DB.prepare("INSERT INTO games (player_id, type) VALUES (?, 'CLASH')").bind(player.id).run();
    const stats = await json(await call(`/players/${player.id}/stats`));
    expect(stats).toEqual({
      presets: [{ preset: 'CLASSIC', scoreCount: 3, highScore: 401, averageScore: 300.3 }],
      totalGames: 4,
      scoreCount: 3,
      highScore: 401,
      lowestScore: 200,
      averageScore: 300.3,
      totalScore: 901,
    });
  });

  it('are empty figures for a new player and a 404 for nobody', async () => {
    const { player } = await registerGuest();
    expect(await json(await call(`/players/${player.id}/stats`))).toEqual({
      presets: [],
      totalGames: 0,
      scoreCount: 0,
      highScore: null,
      lowestScore: null,
      averageScore: null,
      totalScore: 0,
    });
    await expectError(await call('/players/999999/stats'), 404, 'player-not-found');
  });

  it('the overview names the leaders (GET /api/players/stats)', async () => {
    const a = await registerPlayer();
    const b = await registerPlayer();
    await registerGuest();
    await completedGame(a.player.id, 900);
    await completedGame(b.player.id, 500);
    await completedGame(b.player.id, 600);
    const stats = await json(await call('/players/stats'));
    // Accounts are the players; guests are counted on their own (issue 25 item 8).
    expect(stats.totalPlayers).toBeGreaterThanOrEqual(2);
    expect(stats.totalGuests).toBeGreaterThanOrEqual(1);
    expect(stats.newestPlayer).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect(stats.highestScore).toEqual({ id: a.player.id, name: a.player.name, value: 900 });
    expect(stats.mostGamesPlayer.games).toBeGreaterThanOrEqual(2);
    expect(stats.highestAverage).toEqual({ id: a.player.id, name: a.player.name, average: 900 });
  });
});

describe('a player’s scores, games and clashes (public)', () => {
  it('scores: a HAL page, newest first by default, sortable by value', async () => {
    const { player } = await registerGuest();
    const now = Date.now();
    await completedGame(player.id, 150, now - 3000);
    await completedGame(player.id, 450, now - 2000);
    await completedGame(player.id, 250, now - 1000);
    const body = await json(await call(`/players/${player.id}/scores`));
    expect(body.page).toEqual({ size: 10, number: 0, totalElements: 3, totalPages: 1 });
    expect(body._embedded.scores.map((s: { value: number }) => s.value)).toEqual([250, 450, 150]);
    expect(body._embedded.scores[0]).toMatchObject({
      player: { id: player.id, name: player.name },
      createdAt: expect.any(String),
      _links: { self: { href: `/api/scores/${body._embedded.scores[0].id}` } },
    });
    const byValue = await json(await call(`/players/${player.id}/scores?sort=value&order=ASC&size=2`));
    expect(byValue._embedded.scores.map((s: { value: number }) => s.value)).toEqual([150, 250]);
    expect(byValue.page).toEqual({ size: 2, number: 0, totalElements: 3, totalPages: 2 });
  });

  it('games: the player’s rows of the games index, last played first', async () => {
    const { player } = await registerGuest();
    const other = await registerGuest();
    const old = await completedGame(player.id, 100, Date.now() - 5000);
    const recent = await completedGame(player.id, 200, Date.now());
    await completedGame(other.player.id, 300);
    const body = await json(await call(`/players/${player.id}/games`));
    expect(body._embedded.games.map((g: { id: number }) => g.id)).toEqual([recent, old]);
    expect(body._embedded.games[0]).toMatchObject({
      status: 'ARCHIVED',
      type: 'SOLO',
      totalSum: 200,
      player: { id: player.id, name: player.name },
      _links: { self: { href: `/api/games/${recent}` } },
    });
  });

  it('clashes: those the player owns or was invited to, with their players', async () => {
    const owner = await registerGuest();
    const invited = await registerGuest();
    const outsider = await registerGuest();
    const clash = await env.DB.prepare(
      "INSERT INTO clashes (name, owner_id) VALUES ('Friday', ?) RETURNING id",
    )
      .bind(owner.player.id)
      .first<{ id: number }>();
    await env.DB.prepare(
      "INSERT INTO clash_players (clash_id, player_id, status, position) VALUES (?1, ?2, 'ACCEPTED', 0), (?1, ?3, 'PENDING', 1)",
    )
      .bind(clash?.id, owner.player.id, invited.player.id)
      .run();
    // A pending clash is shown to its players only.
    for (const who of [owner, invited]) {
      const body = await json(await call(`/players/${who.player.id}/clashes`, { jar: who.jar }));
      expect(body.page.totalElements).toBe(1);
      expect(body._embedded.clashes[0]).toMatchObject({
        id: clash?.id,
        name: 'Friday',
        status: 'PENDING',
        owner: { id: owner.player.id, name: owner.player.name },
        players: [
          { id: owner.player.id, status: 'ACCEPTED' },
          { id: invited.player.id, status: 'PENDING' },
        ],
        _links: { self: { href: `/api/clashes/${clash?.id}` } },
      });
    }
    const stranger = await json(await call(`/players/${owner.player.id}/clashes`, { jar: outsider.jar }));
    expect(stranger.page.totalElements).toBe(0);
    const none = await json(await call(`/players/${outsider.player.id}/clashes`));
    expect(none).toEqual({
      _embedded: { clashes: [] },
      page: { size: 10, number: 0, totalElements: 0, totalPages: 0 },
    });
  });

  it('refuses a bad page query and an unknown player', async () => {
    const { player } = await registerGuest();
    await expectError(await call(`/players/${player.id}/scores?sort=name`), 400, 'input-invalid');
    await expectError(await call('/players/999999/games'), 404, 'player-not-found');
  });
});

describe('a player’s logs (admins only)', () => {
  it('are readable by an admin, not by others, nor by the player (no link to them either)', async () => {
    const owner = await registerPlayer();
    await env.DB.prepare(
      "INSERT INTO logs (player_id, level, message, data) VALUES (?, 'WARN', 'odd move', '{\"box\":3}')",
    )
      .bind(owner.player.id)
      .run();
    const admin = await registerPlayer();
    await makeAdmin(admin.player.id);
    const seenByAdmin = await json(await call(`/players/${owner.player.id}`, { jar: admin.jar }));
    const list = await json(await call(seenByAdmin._links.logs?.href as string, { jar: admin.jar }));
    expect(list._embedded.logs).toHaveLength(1);
    expect(list._embedded.logs[0]).toMatchObject({
      level: 'WARN',
      message: 'odd move',
      data: { box: 3 },
      player: { id: owner.player.id, name: owner.player.name },
    });
    expect(owner.player._links.logs).toBeUndefined();
    await expectError(await call(`/players/${owner.player.id}/logs`, { jar: owner.jar }), 403, 'admin-only');
    const other = await registerPlayer();
    await expectError(await call(`/players/${owner.player.id}/logs`, { jar: other.jar }), 403, 'admin-only');
    await expectError(await call(`/players/${owner.player.id}/logs`), 401, 'unauthorized');
  });
});

describe('a player’s notifications (self only)', () => {
  it('come in the embedded notifications collection, and DELETE clears them all', async () => {
    const { jar, player } = await registerPlayer();
    const other = await registerPlayer();
    for (const [who, content] of [
      [player.id, 'You were invited'],
      [player.id, 'Your turn'],
      [other.player.id, 'Not yours'],
    ] as const)
      await env.DB.prepare('INSERT INTO notifications (player_id, content, link) VALUES (?, ?, ?)')
        .bind(who, content, '/clashes/1')
        .run();
    const href = player._links.notifications?.href as string;
    const body = await json(await call(href, { jar }));
    expect(body.page.totalElements).toBe(2);
    expect(body._embedded.notifications.map((n: { content: string }) => n.content).sort()).toEqual([
      'You were invited',
      'Your turn',
    ]);
    expect(body._embedded.notifications[0]).toMatchObject({
      link: '/clashes/1',
      _links: {},
    });
    expect((await call(href, { method: 'DELETE', jar })).status).toBe(204);
    expect((await json(await call(href, { jar }))).page.totalElements).toBe(0);
    // Someone else's are untouched.
    const theirs = await json(await call(`/players/${other.player.id}/notifications`, { jar: other.jar }));
    expect(theirs.page.totalElements).toBe(1);
  });
});

describe('links', () => {
  /** Every href under `_links` anywhere in `body`. */
  const hrefs = (body: unknown): string[] =>
    body && typeof body === 'object'
      ? Object.entries(body).flatMap(([name, value]) =>
          name === '_links'
            ? // The self links: the ones a GET follows (an action link answers its own method only).
              [(value as Record<string, { href: string }>).self?.href ?? []].flat()
            : hrefs(value),
        )
      : [];

  it('in a player’s collections lead only to routes that exist', async () => {
    const owner = await registerPlayer();
    const other = await registerGuest();
    await completedGame(owner.player.id, 250);
    await env.DB.prepare("INSERT INTO logs (player_id, level, message) VALUES (?, 'INFO', 'hello')")
      .bind(owner.player.id)
      .run();
    await env.DB.prepare("INSERT INTO notifications (player_id, content, link) VALUES (?, 'Hi', '/')")
      .bind(owner.player.id)
      .run();
    const clash = await env.DB.prepare(
      "INSERT INTO clashes (name, owner_id) VALUES ('Links', ?) RETURNING id",
    )
      .bind(owner.player.id)
      .first<{ id: number }>();
    await env.DB.prepare(
      "INSERT INTO clash_players (clash_id, player_id, status, position) VALUES (?1, ?2, 'ACCEPTED', 0), (?1, ?3, 'PENDING', 1)",
    )
      .bind(clash?.id, owner.player.id, other.player.id)
      .run();

    const me = await json(await call('/players/me', { jar: owner.jar }));
    const rowLinks: { href: string; viewer: Session }[] = [];
    // The logs as an admin follows them: a player has no link to their own.
    const admin = await registerPlayer();
    await makeAdmin(admin.player.id);
    const seenByAdmin = await json(await call(`/players/${owner.player.id}`, { jar: admin.jar }));
    for (const name of ['scores', 'games', 'clashes', 'logs', 'notifications']) {
      const viewer = name === 'logs' ? admin : owner;
      const response = await call((name === 'logs' ? seenByAdmin : me)._links[name].href, {
        jar: viewer.jar,
      });
      expect(response.status, name).toBe(200);
      const body = await json(response);
      expect(body._embedded[name], name).toHaveLength(1);
      rowLinks.push(...hrefs(body._embedded).map((href) => ({ href, viewer })));
    }
    // (The game row was written straight into D1, with no room behind it: its route answers, not its game.)
    for (const { href, viewer } of rowLinks) {
      const body = await json(await call(href, { jar: viewer.jar }));
      expect(body.key, href).not.toBe('route-not-found');
    }
    expect(rowLinks.map(({ href }) => href)).toEqual([
      expect.stringMatching(/^\/api\/scores\/\d+$/),
      expect.stringMatching(/^\/api\/games\/\d+$/),
      `/api/clashes/${clash?.id}`,
      expect.stringMatching(/^\/api\/logs\/\d+$/),
      expect.stringMatching(/^\/api\/notifications\/\d+$/),
    ]);
  });
});
