import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ClashResource } from '../../contract/clashes';
import type { ReplayResource, ReviewStats } from '../../contract/replay';
import type { GameRecord } from '../../durable-objects/gameRecord';
import { boxCount, CLASSIC_RULES } from '../../game';
import { decisionFrames, type Position, replayFrames } from '../../game/replay';
import { getClash, runOutTurn, startedTimedClash, takeTurn } from './clashes-helpers';
import { dailyPlayer, startedDaily } from './daily-helpers';
import { firstFillable, type Game, guestWithGame, play, playTurn, roomOf, toState } from './games-helpers';
import { call, expectError, json, registerGuest, type Session } from './helpers';

// Issue 30: every game keeps its moves (durable-objects/moveLog.ts), GET /api/games/{id}/replay answers
// them once the game may be shown, and PUT /api/games/{id}/review stores its player's review figures.

const replayOf = (gameId: number, session: Session | null = null) =>
  call(`/games/${gameId}/replay`, { jar: session?.jar });

async function replay(gameId: number, session: Session | null = null): Promise<ReplayResource> {
  const response = await replayOf(gameId, session);
  const body = await json(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body as ReplayResource;
}

/** The replay played through the rules: every frame, unbroken. */
function framesOf(shown: ReplayResource) {
  const played = replayFrames(
    shown.rules,
    shown.type,
    shown.games.map((g) => g.id),
    shown.turns,
  );
  expect(played.broken).toBe(false);
  return played.frames;
}

const review = (session: Session | null, gameId: number, body: unknown) =>
  call(`/games/${gameId}/review`, { method: 'PUT', jar: session?.jar, body });

/**
 * A solo game to its end: the first turn keeps two dice and rolls again, fills, takes the fill back and
 * fills another box; then a turn at a time, rolling once, as games-helpers.ts `playTurn` does.
 */
async function finishedSoloGame() {
  const me = await guestWithGame();
  const id = me.game.id;
  await play(me, id, 'roll');
  let game = await play(me, id, 'roll', { diceToRoll: [2, 3, 4] });
  const undoneBox = firstFillable(game);
  const filled = await play(me, id, 'fill', undoneBox);
  expect(filled._links.undo).toBeDefined();
  expect((await play(me, id, 'undo')).rollCount).toBe(2);
  game = await play(me, id, 'fill', { columnType: 'FREE', boxType: 'YAMB' });
  for (let turn = 1; turn < boxCount(CLASSIC_RULES); turn++) {
    if (turn === 1) await expectError(await replayOf(id, me), 404, 'replay-not-available');
    game = await playTurn(me, game);
  }
  expect(game.status).toBe('COMPLETED');
  return { me, game, undoneBox };
}

describe('a solo game’s replay', { timeout: 60_000 }, () => {
  it('is refused while the game is played, then replays to exactly the finished sheet, the undone fill marked', async () => {
    const { me, game, undoneBox } = await finishedSoloGame();
    expect(game._links.replay).toEqual({ href: `/api/games/${game.id}/replay` });
    const shown = await replay(game.id, me);
    expect(shown).toMatchObject({ gameId: game.id, type: 'SOLO', rules: { preset: 'CLASSIC' } });
    expect(shown.games).toEqual([{ id: game.id, player: { id: me.player.id, name: me.player.name } }]);
    expect(shown.turns).toHaveLength(52);
    expect(shown._links.review).toEqual({ href: `/api/games/${game.id}/review` });
    expect(shown.turns[0]?.moves.map((m) => m.kind)).toEqual(['ROLL', 'ROLL', 'FILL', 'UNDO', 'FILL']);
    expect(shown.turns[0]?.moves[1]).toMatchObject({ held: [0, 1] });

    const frames = framesOf(shown);
    expect(frames.at(-1)?.states[game.id]?.sheet).toEqual(toState(game).sheet);
    const undone = frames.filter((f) => f.undone);
    expect(undone.map((f) => f.move)).toEqual([{ kind: 'FILL', ...undoneFill(undoneBox) }]);

    // Anyone may watch a solo game, so anyone may replay it; only its player may review it.
    const watcher = await registerGuest();
    expect((await replay(game.id, watcher))._links.review).toBeUndefined();
    expect((await replay(game.id))._links.review).toBeUndefined();
  });

  it('stores its player’s review checked against the log, and its costliest positions', async () => {
    const { me, game } = await finishedSoloGame();
    const frames = framesOf(await replay(game.id, me));
    const decisions = decisionFrames(frames, game.id).length;
    const figures = { decisions, accuracy: 0.75, pointsLost: 31.5, costliest: [2, 0] };

    await expectError(await review(null, game.id, figures), 401, 'unauthorized');
    await expectError(await review(await registerGuest(), game.id, figures), 403, 'not-your-game');
    const wrong = { ...figures, decisions: decisions + 1 };
    await expectError(await review(me, game.id, wrong), 409, 'review-mismatch');
    await expectError(
      await review(me, game.id, { ...figures, costliest: [decisions] }),
      409,
      'review-mismatch',
    );
    const tooMuch = { ...figures, pointsLost: decisions * 200 + 1 };
    await expectError(await review(me, game.id, tooMuch), 409, 'review-mismatch');
    for (const bad of [
      { ...figures, accuracy: 1.5 },
      { ...figures, accuracy: -0.1 },
      { ...figures, pointsLost: -1 },
      { ...figures, decisions: 2.5 },
      { ...figures, costliest: [0, 1, 2, 3] },
      { ...figures, costliest: [-1] },
      { ...figures, accuracy: '0.5' },
      { ...figures, costliest: 'all' },
      { accuracy: 0.5, pointsLost: 1 },
    ])
      await expectError(await review(me, game.id, bad), 400, 'review-invalid');

    const stored = await review(me, game.id, figures);
    expect(stored.status).toBe(200);
    expect(await json<ReviewStats>(stored)).toEqual({ games: 1, averageAccuracy: 0.75 });
    // A second review replaces the first.
    const again = await review(me, game.id, { ...figures, accuracy: 0.5 });
    expect(await json<ReviewStats>(again)).toEqual({ games: 1, averageAccuracy: 0.5 });
    expect((await json(await call(`/players/${me.player.id}`))).reviews).toEqual({
      games: 1,
      averageAccuracy: 0.5,
    });

    const { results } = await env.DB.prepare(
      'SELECT decision, position FROM puzzle_positions WHERE game_id = ? ORDER BY decision',
    )
      .bind(game.id)
      .all<{ decision: number; position: string }>();
    expect(results.map((r) => r.decision)).toEqual([0, 2]);
    const position = JSON.parse(results[0]?.position ?? '{}') as Position;
    expect(position.rollCount).toBeGreaterThanOrEqual(1);
    expect(position.dice).toHaveLength(5);
    expect(position.rules).toEqual(CLASSIC_RULES);
  });

  it('averages a player’s accuracy over their latest 20 reviews', async () => {
    const { me, game } = await finishedSoloGame();
    // 21 older reviews: the oldest is 0 % and falls out of the average, the others 100 %.
    const insertGame = env.DB.prepare(
      "INSERT INTO games (player_id, status, total_sum, progress, created_at, updated_at) VALUES (?, 'ARCHIVED', 0, 100, 0, 0) RETURNING id",
    );
    const inserted = await env.DB.batch<{ id: number }>(
      Array.from({ length: 21 }, () => insertGame.bind(me.player.id)),
    );
    const insertReview = env.DB.prepare(
      'INSERT INTO game_reviews (game_id, player_id, decisions, accuracy, points_lost, created_at) VALUES (?, ?, 10, ?, 0, ?)',
    );
    await env.DB.batch(
      inserted.map((result, i) =>
        insertReview.bind(result.results[0]?.id, me.player.id, i === 0 ? 0 : 1, 1000 + i),
      ),
    );
    const frames = framesOf(await replay(game.id, me));
    const decisions = decisionFrames(frames, game.id).length;
    const stored = await review(me, game.id, { decisions, accuracy: 1, pointsLost: 0 });
    expect(await json<ReviewStats>(stored)).toEqual({ games: 22, averageAccuracy: 1 });
    const seen = await json(await call(`/players/${me.player.id}`));
    expect(seen.reviews).toEqual({ games: 22, averageAccuracy: 1 });
  });

  it('does not exist for a game from before the log: its sheet shows as before', async () => {
    const me = await guestWithGame();
    await playTurn(me, me.game);
    await runInDurableObject(roomOf(me.game.id), (_room, state) => {
      const record = state.storage.kv.get<GameRecord>('game');
      if (!record) throw new Error('no game');
      const { logged: _logged, ...meta } = record.meta;
      state.storage.kv.put('game', { ...record, meta: { ...meta, archived: true } });
    });
    const seen = await json<Game>(await call(`/games/${me.game.id}`, { jar: me.jar }));
    expect(seen.status).toBe('ARCHIVED');
    expect(seen._links.replay).toBeUndefined();
    await expectError(await replayOf(me.game.id, me), 404, 'replay-not-available');
    await expectError(
      await review(me, me.game.id, { decisions: 0, accuracy: 1, pointsLost: 0 }),
      404,
      'replay-not-available',
    );
  });
});

/** The fill a replay shows as undone. */
const undoneFill = (box: ReturnType<typeof firstFillable>) => ({
  column: box?.columnType,
  box: box?.boxType,
});

describe('a clash’s replay', { timeout: 60_000 }, () => {
  it('holds every game’s turns in order once the clash is over, a turn run out or resigned as a pass', async () => {
    const { clash, players, gameIds } = await startedTimedClash(2, 60);
    const [owner, other] = players as [Session, Session];
    const [mine, theirs] = gameIds as [number, number];

    await runOutTurn(clash.id);
    await expectError(await replayOf(mine, owner), 404, 'replay-not-available');
    for (let turn = 0; turn < 5; turn++) {
      await takeTurn(other, theirs);
      await takeTurn(owner, mine);
    }
    // The other player rolls and resigns on turn: the clash is over, their turn's dice thrown away.
    await play(other, theirs, 'roll');
    const resigned = await call(`/clashes/${clash.id}/resign`, { method: 'PUT', jar: other.jar });
    expect(resigned.status).toBe(200);
    expect((await json<ClashResource>(await getClash(owner, clash.id))).status).toBe('COMPLETED');

    const game = await json<Game>(await call(`/games/${mine}`));
    expect(game._links.replay).toEqual({ href: `/api/games/${mine}/replay` });
    const shown = await replay(mine, owner);
    expect(shown).toMatchObject({ gameId: mine, type: 'CLASH', clashId: clash.id });
    expect(shown.games.map((g) => [g.id, g.player.id])).toEqual([
      [mine, owner.player.id],
      [theirs, other.player.id],
    ]);
    // The owner's run-out turn, then turns alternate, and the other's last ends in a pass.
    expect(shown.turns[0]).toEqual({ gameId: mine, moves: [{ kind: 'PASS' }] });
    expect(shown.turns.map((t) => t.gameId)).toEqual([
      mine,
      ...Array.from({ length: 11 }, (_, i) => (i % 2 === 0 ? theirs : mine)),
    ]);
    expect(shown.turns.at(-1)?.moves.map((m) => m.kind)).toEqual(['ROLL', 'PASS']);
    const last = framesOf(shown).at(-1)?.states;
    expect(last?.[mine]?.sheet).toEqual(toState(game).sheet);
    const theirGame = await json<Game>(await call(`/games/${theirs}`));
    expect(last?.[theirs]?.sheet).toEqual(toState(theirGame).sheet);
    // Every game of the clash may be replayed by anyone, and reviewed by its own player only.
    expect((await replay(theirs, owner))._links.review).toBeUndefined();
    expect((await replay(theirs, other))._links.review).toEqual({ href: `/api/games/${theirs}/review` });
    expect((await replay(mine))._links.review).toBeUndefined();
  });
});

describe('a daily game’s replay', { timeout: 30_000 }, () => {
  it('is refused to everyone, its player included, until its day is over; then shown', async () => {
    const me = await dailyPlayer();
    const started = await startedDaily(me);
    const rolled = await play(me, started.id, 'roll');
    expect(rolled._links.replay).toBeUndefined();
    await expectError(await replayOf(started.id, me), 404, 'replay-not-available');
    await expectError(await replayOf(started.id), 404, 'game-not-found');

    const moved = await call(`/dev/games/${started.id}/daily-day`, {
      method: 'PUT',
      body: { day: '2000-01-01' },
    });
    expect(moved.status).toBe(200);
    const shown = await replay(started.id);
    expect(shown.type).toBe('DAILY');
    expect(shown.turns).toEqual([
      { gameId: started.id, moves: [{ kind: 'ROLL', dice: rolled.dices.map((d) => d.value), held: [] }] },
    ]);
    const seen = await json<Game>(await call(`/games/${started.id}`));
    expect(seen._links.replay).toEqual({ href: `/api/games/${started.id}/replay` });
  });
});
