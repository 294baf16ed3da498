import { Hono } from 'hono';
import type { ReplayResult, RoomViewer } from '../../durable-objects/gameRecord';
import { type ReplayResource, ReviewBody, type ReviewInput } from '../../contract/replay';
import { decisionFrames, positionOf, replayFrames } from '../../game/replay';
import {
  type AppContext,
  requirePlayer,
  requireTokenViewer,
  type SessionVariables,
  tokenViewer,
} from '../auth/session';
import { reviewStatsOf, NO_REVIEWS, saveReview } from '../db/reviews';
import type { Env } from '../env';
import { AppError, conflict, databaseDown, forbidden, notFound } from '../lib/errors';
import { readJson } from '../lib/validate';
import { gameHome } from '../rooms';
import { gameId } from './games';

type Replays = { Bindings: Env; Variables: SessionVariables };

/** The most points a single decision can plausibly give up in the advisor's evaluation. */
export const MAX_POINTS_LOST_PER_DECISION = 200;

/**
 * Game `id`'s replay from the room that holds it (worker/rooms.ts `gameHome`). With D1 down, the game's own
 * room is asked: its 404 may be a clash game's, which only D1 could place (503).
 */
async function replayOf(c: AppContext, id: number, viewer: RoomViewer | null): Promise<ReplayResource> {
  const home = await gameHome(c.env, c.var.db, id);
  if (!home) throw notFound('game-not-found');
  const result: ReplayResult =
    home.clashId !== null ? await home.room.replayOf(id, viewer) : await home.room.replay(viewer);
  if (result.ok) return result.replay;
  if (home.type === null && result.key === 'game-not-found') throw databaseDown();
  throw new AppError(result.status, result.key);
}

/**
 * The review's figures checked against the game's log: as many decisions as game/replay.ts
 * `decisionFrames` finds for the game, each costliest one among them, and no more points given up than
 * the decisions could. Answers the positions of the costliest decisions (as the player saw them).
 */
function checkedReview(replay: ReplayResource, review: ReviewInput) {
  const id = replay.gameId;
  // The rule set alone (not its preset's name): the positions stored carry it as the rules know it.
  const { preset: _preset, ...rules } = replay.rules;
  const { frames, broken } = replayFrames(
    rules,
    replay.type,
    replay.games.map((g) => g.id),
    replay.turns,
  );
  const decisions = decisionFrames(frames, id);
  const fits =
    !broken &&
    review.decisions === decisions.length &&
    review.pointsLost <= decisions.length * MAX_POINTS_LOST_PER_DECISION &&
    review.costliest.every((k) => k < decisions.length);
  if (!fits) throw conflict('review-mismatch');
  return [...new Set(review.costliest)].flatMap((decision) => {
    const before = frames[(decisions[decision] ?? 0) - 1]?.states[id];
    return before ? [{ decision, position: JSON.stringify(positionOf(before)) }] : [];
  });
}

/** A finished game's moves (issue 30) and its player's review of it. */
export const replayRoutes = new Hono<Replays>()
  // The moves, once the game may be replayed (404 replay-not-available before): whoever may see the game.
  .get('/:id/replay', async (c) => c.json(await replayOf(c, gameId(c), tokenViewer(c))))
  // The review's figures, from the game's own player only: stored (a second review replaces the first)
  // once checked against the log; answers the player's review figures.
  .put('/:id/review', async (c) => {
    const viewer = requireTokenViewer(c);
    const me = await requirePlayer(c);
    const id = gameId(c);
    const review = await readJson(c, ReviewBody);
    const replay = await replayOf(c, id, viewer);
    if (replay.games.find((g) => g.id === id)?.player.id !== me.id) throw forbidden('not-your-game');
    const positions = checkedReview(replay, review);
    const { decisions, accuracy, pointsLost } = review;
    await saveReview(c.var.db, { gameId: id, playerId: me.id, decisions, accuracy, pointsLost }, positions);
    return c.json((await reviewStatsOf(c.var.db, [me.id])).get(me.id) ?? NO_REVIEWS);
  });
