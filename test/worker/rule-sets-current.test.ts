import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { boxCount, COLUMN_TYPES, PRESETS, type PresetName } from '../../game';
import type { ErrorBody } from '../../contract/errors';
import { daily, dailyPlayer, startedDaily } from './daily-helpers';
import { currentGame, type Game, indexRow, play, playTurn } from './games-helpers';
import { call, expectError, json, registerGuest, registerPlayer, type Session } from './helpers';

// Issue 27: which game `PUT /api/games/` answers once a rule set may be asked for: one current solo game
// per player, a 409 naming it when another rule set would throw away a game in progress, `replace` to do
// it anyway; the player's preferred rule set (preferences) for a new game; the daily game stays CLASSIC.

const rulesOf = (preset: PresetName) => ({
  preset,
  ...PRESETS[preset],
  columns: [...PRESETS[preset].columns],
});

/** PUT /api/games/ with `fields` besides the player; the raw answer. */
const putGame = (me: Session, fields: Record<string, unknown> = {}) =>
  call('/games/', { method: 'PUT', jar: me.jar, body: { playerId: me.player.id, ...fields } });

async function gameWith(me: Session, fields: Record<string, unknown>): Promise<Game> {
  const response = await putGame(me, fields);
  const body = await json(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body as Game;
}

const preferencesOf = (me: Session) => call(`/players/${me.player.id}/preferences`, { jar: me.jar });
const savePreferences = (me: Session, fields: Record<string, unknown>) =>
  call(`/players/${me.player.id}/preferences`, {
    method: 'PUT',
    jar: me.jar,
    body: { language: 'hr', theme: 'light', ...fields },
  });

async function scoreCount(gameId: number) {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM scores WHERE game_id = ?')
    .bind(gameId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe('PUT /api/games/ with rules', () => {
  it('an old client’s body (no rules) still gets a CLASSIC game, and the same one again', async () => {
    const me = await registerGuest();
    const game = await currentGame(me);
    expect(game.rules).toEqual(rulesOf('CLASSIC'));
    expect(game.dices).toHaveLength(5);
    expect((await currentGame(me)).id).toBe(game.id);
  });

  it('the same rules as the current game’s answer that game, a preset named or spelt out', async () => {
    const me = await registerGuest();
    const game = await gameWith(me, { rules: 'BALKAN' });
    const rolled = await play(me, game.id, 'roll');
    const { preset: _, ...spelt } = rulesOf('BALKAN');
    for (const rules of ['BALKAN', spelt]) {
      const again = await gameWith(me, { rules });
      expect(again.id).toBe(game.id);
      expect(again.dices).toEqual(rolled.dices);
    }
    // Without rules, the current game whatever its rules.
    expect((await gameWith(me, {})).id).toBe(game.id);
  });

  it('other rules while a game is in progress: 409 game-in-progress naming it, the game untouched', async () => {
    const me = await registerGuest();
    const game = await currentGame(me);
    const rolled = await play(me, game.id, 'roll');
    const response = await putGame(me, { rules: 'HAND' });
    const body = (await expectError(response, 409, 'game-in-progress')) as ErrorBody;
    expect(body._links).toEqual({ current: { href: `/api/games/${game.id}` } });
    const again = await json<Game>(await call(`/games/${game.id}`, { jar: me.jar }));
    expect(again).toMatchObject({ status: 'IN_PROGRESS', rollCount: 1, dices: rolled.dices });
    expect(again._links.roll).toBeDefined();
    expect((await currentGame(me)).id).toBe(game.id);
  });

  it('with replace: the game in progress is archived unfinished, with no score, and a new one made', async () => {
    const me = await registerGuest();
    const game = await currentGame(me);
    await play(me, game.id, 'roll');
    const filled = await play(me, game.id, 'fill', { columnType: 'FREE', boxType: 'CARRIAGE' });
    const next = await gameWith(me, { rules: 'HAND', replace: true });
    expect(next.id).not.toBe(game.id);
    expect(next).toMatchObject({ status: 'IN_PROGRESS', rollCount: 0, progress: 0, rules: rulesOf('HAND') });
    expect(next.sheet.columns.map((c) => c.type)).toEqual([...PRESETS.HAND.columns]);

    const old = await json<Game>(await call(`/games/${game.id}`, { jar: me.jar }));
    expect(old).toMatchObject({ status: 'ARCHIVED', totalSum: filled.totalSum });
    expect(old._links).toEqual({
      self: { href: `/api/games/${game.id}` },
      replay: { href: `/api/games/${game.id}/replay` },
    });
    expect(await indexRow(game.id)).toMatchObject({ status: 'ARCHIVED' });
    expect(await scoreCount(game.id)).toBe(0);
    // The archived game takes no move, and the player's current game is the new one.
    const refused = await call(`/games/${game.id}/roll`, { method: 'PUT', jar: me.jar, body: {} });
    await expectError(refused, 409, 'game-completed');
    expect((await currentGame(me)).id).toBe(next.id);
  });

  it('a completed game is archived with its score, without asking, and the new one has the rules', async () => {
    const me = await registerGuest();
    let game = await currentGame(me);
    for (let turn = 0; turn < boxCount(PRESETS.CLASSIC); turn++) game = await playTurn(me, game);
    expect(game.status).toBe('COMPLETED');
    const next = await gameWith(me, { rules: 'BALKAN' });
    expect(next.id).not.toBe(game.id);
    expect(next.rules).toEqual(rulesOf('BALKAN'));
    expect(await indexRow(game.id)).toMatchObject({ status: 'ARCHIVED', progress: 100 });
    expect(await scoreCount(game.id)).toBe(1);
  }, 60_000);

  it('a game nobody moved in makes way without asking: it is discarded, as the sweep would', async () => {
    const me = await registerGuest();
    const untouched = await currentGame(me);
    const next = await gameWith(me, { rules: 'LONG' });
    expect(next.id).not.toBe(untouched.id);
    expect(next.rules).toEqual(rulesOf('LONG'));
    expect(next.dices).toHaveLength(6);
    expect(await indexRow(untouched.id)).toBeNull();
    await expectError(await call(`/games/${untouched.id}`, { jar: me.jar }), 404, 'game-not-found');
  });

  it('a custom rule set plays as asked and reports no preset; its index row has none either', async () => {
    const me = await registerGuest();
    const custom = { dice: 6, columns: ['EDGES', 'FREE'], straight: 'CLASSIC' };
    const game = await gameWith(me, { rules: custom });
    expect(game.rules).toEqual({ preset: null, ...custom });
    expect(game.sheet.columns.map((c) => c.type)).toEqual(['EDGES', 'FREE']);
    const row = await env.DB.prepare('SELECT preset, rules FROM games WHERE id = ?')
      .bind(game.id)
      .first<{ preset: string | null; rules: string }>();
    expect(row?.preset).toBeNull();
    expect(JSON.parse(row?.rules ?? 'null')).toEqual(custom);
  });

  it.each([
    ['a preset that does not exist', 'NOPE'],
    ['no columns', { dice: 5, columns: [], straight: 'CLASSIC' }],
    ['eight columns', { dice: 5, columns: [...COLUMN_TYPES, 'FREE'], straight: 'CLASSIC' }],
    ['a column twice', { dice: 5, columns: ['FREE', 'FREE'], straight: 'CLASSIC' }],
    ['seven dice', { dice: 7, columns: ['FREE'], straight: 'CLASSIC' }],
    ['an unknown column', { dice: 5, columns: ['SIDEWAYS'], straight: 'CLASSIC' }],
    ['an unknown straight', { dice: 5, columns: ['FREE'], straight: 'ANY' }],
    ['null', null],
  ])('rules with %s: 400 rules-invalid, and no game made', async (_, rules) => {
    const me = await registerGuest();
    await expectError(await putGame(me, { rules }), 400, 'rules-invalid');
    const { n } = (await env.DB.prepare('SELECT COUNT(*) AS n FROM games WHERE player_id = ?')
      .bind(me.player.id)
      .first<{ n: number }>()) ?? { n: -1 };
    expect(n).toBe(0);
  });

  it('replace must be a boolean', async () => {
    const me = await registerGuest();
    await expectError(await putGame(me, { rules: 'HAND', replace: 'yes' }), 400, 'input-invalid');
  });
});

describe('the preferred rule set', () => {
  it('is in the preferences (CLASSIC at first), may be set there, and makes the next new game', async () => {
    const me = await registerPlayer();
    expect((await savePreferences(me, {})).status).toBe(200);
    expect(await json(await preferencesOf(me))).toMatchObject({ language: 'hr', rules: rulesOf('CLASSIC') });

    const saved = await savePreferences(me, { rules: 'BALKAN' });
    expect(await json(saved)).toMatchObject({ rules: rulesOf('BALKAN') });
    // A body without rules (the theme saved) keeps them.
    expect(await json(await savePreferences(me, { theme: 'dark' }))).toMatchObject({
      theme: 'dark',
      rules: rulesOf('BALKAN'),
    });
    const game = await currentGame(me);
    expect(game.rules).toEqual(rulesOf('BALKAN'));
    expect(game.dices).toHaveLength(6);
    await expectError(await savePreferences(me, { rules: 'NOPE' }), 400, 'rules-invalid');
  });

  it('is the rule set a player last started a game with', async () => {
    const me = await registerPlayer();
    expect((await savePreferences(me, { rules: 'HAND' })).status).toBe(200);
    await gameWith(me, { rules: 'LONG' });
    expect(await json(await preferencesOf(me))).toMatchObject({ rules: rulesOf('LONG') });
  });
  // A guest keeps no preferences on the server: their next game after an archive is their latest game's
  // rule set (rule-sets-games.test.ts plays whole games as guests and checks it).
});

describe('the daily game', () => {
  it('says it is CLASSIC and is, whatever the player prefers', async () => {
    const me = await dailyPlayer();
    expect((await savePreferences(me, { rules: 'LONG' })).status).toBe(200);
    expect((await daily(me)).rules).toEqual(rulesOf('CLASSIC'));
    const game = await startedDaily(me);
    expect(game.rules).toEqual(rulesOf('CLASSIC'));
    expect(game.dices).toHaveLength(5);
    expect(game.sheet.columns.map((c) => c.type)).toEqual([...PRESETS.CLASSIC.columns]);
  });
});
