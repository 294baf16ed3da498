import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { type Game, guestWithGame, move, play } from './games-helpers';
import { call, json, registerGuest } from './helpers';

const keyOf = async (response: Response) => ((await response.json()) as { key: string }).key;

describe('two tabs acting at once', () => {
  it('filling the same box twice at once: exactly one succeeds, and the sheet holds one value', async () => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    const body = { columnType: 'FREE', boxType: 'ONES' };
    const answers = await Promise.all([
      move(me, me.game.id, 'fill', body),
      move(me, me.game.id, 'fill', body),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.status === 409) as Response;
    // The loser sees the turn already over (or the box already taken): either way, a conflict.
    expect(['roll-required', 'box-not-available']).toContain(await keyOf(refused));
    const game = await json<Game>(await call(`/games/${me.game.id}`));
    const filled = game.sheet.columns.flatMap((c) => c.boxes).filter((b) => b.value !== null);
    expect(filled).toHaveLength(1);
    expect(game.progress).toBe(2);
  });

  it('filling two different boxes at once: one fill per turn, never two', async () => {
    const me = await guestWithGame();
    await play(me, me.game.id, 'roll');
    const answers = await Promise.all([
      move(me, me.game.id, 'fill', { columnType: 'FREE', boxType: 'YAMB' }),
      move(me, me.game.id, 'fill', { columnType: 'DOWNWARDS', boxType: 'ONES' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const game = await json<Game>(await call(`/games/${me.game.id}`));
    expect(game.sheet.columns.flatMap((c) => c.boxes).filter((b) => b.value !== null)).toHaveLength(1);
  });

  it('five rolls at once: three are allowed in a turn, the others hear roll-limit-reached', async () => {
    const me = await guestWithGame();
    const answers = await Promise.all(Array.from({ length: 5 }, () => move(me, me.game.id, 'roll')));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409]);
    for (const refused of answers.filter((r) => r.status === 409)) {
      expect(await keyOf(refused)).toBe('roll-limit-reached');
    }
    expect((await json<Game>(await call(`/games/${me.game.id}`))).rollCount).toBe(3);
  });

  it('two first visits at once (PUT /api/games/ twice): one game, not two', async () => {
    const me = await registerGuest();
    const put = () => call('/games/', { method: 'PUT', jar: me.jar, body: { playerId: me.player.id } });
    const answers = await Promise.all([put(), put(), put()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const ids = new Set((await Promise.all(answers.map((r) => json<Game>(r)))).map((g) => g.id));
    expect(ids.size).toBe(1);
    const { results } = await env.DB.prepare(
      "SELECT id FROM games WHERE player_id = ? AND status != 'ARCHIVED'",
    )
      .bind(me.player.id)
      .all();
    expect(results).toHaveLength(1);
  });

  it('the index refuses a second current solo game for a player outright', async () => {
    const me = await registerGuest();
    await env.DB.prepare("INSERT INTO games (player_id, type) VALUES (?, 'SOLO')").bind(me.player.id).run();
    await expect(
      env.DB.prepare("INSERT INTO games (player_id, type) VALUES (?, 'SOLO')").bind(me.player.id).run(),
    ).rejects.toThrow(/UNIQUE/);
    // Archived games and clash games don't count.
    await env.DB.prepare("INSERT INTO games (player_id, type, status) VALUES (?, 'SOLO', 'ARCHIVED')")
      .bind(me.player.id)
      .run();
    await env.DB.prepare("INSERT INTO games (player_id, type) VALUES (?, 'CLASH')").bind(me.player.id).run();
  });
});
