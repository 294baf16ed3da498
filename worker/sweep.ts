import { LOG_RETENTION_DAYS } from '../contract/logs';
import { deleteExpiredChallenges } from './db/challenges';
import { database, type Database } from './db/client';
import { forgetGameRow, untouchedSoloGameIds } from './db/games';
import { deleteSomeLogsBefore } from './db/logs';
import { deleteExpiredRateLimits } from './db/rateLimits';
import type { Env } from './env';
import { writeLog } from './lib/log';
import { sendDigests } from './lib/digest';
import { forgetMailTopics, MAIL_TOPIC_KEEP_MS } from './db/notificationMail';
import { gameRoom } from './rooms';

// The scheduled sweep (wrangler.toml [triggers] crons; worker/index.ts `scheduled`): what nobody will
// ask for again is deleted, a bounded number of rows of each kind per run, so a run stays well inside a
// scheduled handler's limits whatever piled up; what is left waits for the next run.

/** The most rows (or games) of one kind a run deletes. */
export const SWEEP_LIMIT = 500;
/** How long a solo game nobody moved in is kept: a visitor who comes back the same day finds it. */
export const UNTOUCHED_GAME_MS = 24 * 60 * 60 * 1000;
const LOG_RETENTION_MS = LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000;
/** Rooms asked at once: each is one RPC, and a scheduled run has a cap on its open subrequests. */
const ROOMS_AT_ONCE = 20;

/** What one run deleted, per kind; null when that kind's step failed (the others still ran). */
export interface SweepCounts {
  /** Daily e-mail digests sent (worker/lib/digest.ts); not a deletion, but the same bounded step. */
  digests?: number | null;
  /** Mailed-turn records older than 30 days, deleted. */
  mailTopics?: number | null;
  /** Solo games nobody moved in for a day: their D1 rows and their rooms. */
  untouchedGames: number | null;
  /** Games the index took for untouched, kept because their room had a move the index had not yet. */
  gamesKept: number | null;
  rateLimits: number | null;
  logs: number | null;
  /** Challenge links deleted past keeping (see `expiredChallengeLinks`). */
  challengeLinks: number | null;
}

/**
 * The solo games nobody moved in (db/games.ts `untouchedSoloGameIds`) created over a day before `now`:
 * each room deletes its D1 row and its own storage (GameRoom `discardUntouched`), or keeps a game that has
 * a move after all.
 */
async function untouchedGames(env: Env, db: Database, now: number) {
  const ids = await untouchedSoloGameIds(db, now - UNTOUCHED_GAME_MS, SWEEP_LIMIT);
  let deleted = 0;
  for (let start = 0; start < ids.length; start += ROOMS_AT_ONCE) {
    const batch = ids.slice(start, start + ROOMS_AT_ONCE);
    const results = await Promise.all(
      batch.map((id) =>
        gameRoom(env, id)
          .discardUntouched(id)
          .catch((error: unknown) => {
            console.error(
              JSON.stringify({ level: 'ERROR', what: 'sweep-game', gameId: id, error: String(error) }),
            );
            return false;
          }),
      ),
    );
    results.forEach((gone, i) => {
      if (!gone) return;
      deleted += 1;
      forgetGameRow(batch[i] as number);
    });
  }
  return { deleted, kept: ids.length - deleted };
}

/**
 * Challenge links past keeping (db/challenges.ts `deleteExpiredChallenges`: unused ones a week after they
 * expired, started ones a month after), at most SWEEP_LIMIT a run, with their seats.
 */
const expiredChallengeLinks = (db: Database, now: number) => deleteExpiredChallenges(db, now, SWEEP_LIMIT);

/** Runs `work`; a failure is said on the console and counts as null, so one kind's trouble stops no other. */
async function step<T>(what: string, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    console.error(JSON.stringify({ level: 'ERROR', what: `sweep-${what}`, error: String(error) }));
    return null;
  }
}

/** One sweep: deletes what has expired, then says what it deleted in a log row and on the console. */
export async function sweep(env: Env, now = Date.now()): Promise<SweepCounts> {
  const db = database(env.DB);
  const games = await step('games', () => untouchedGames(env, db, now));
  const counts: SweepCounts = {
    untouchedGames: games?.deleted ?? null,
    gamesKept: games?.kept ?? null,
    rateLimits: await step('rate-limits', () => deleteExpiredRateLimits(db, now, SWEEP_LIMIT)),
    logs: await step('logs', () => deleteSomeLogsBefore(db, now - LOG_RETENTION_MS, SWEEP_LIMIT)),
    challengeLinks: await step('challenge-links', () => expiredChallengeLinks(db, now)),
  };
  // Issue 29: the daily e-mail digests owed (bounded per run), and mailed turns past remembering.
  counts.digests = await step('digests', () => sendDigests(env, db, now));
  counts.mailTopics = await step('mail-topics', () =>
    forgetMailTopics(db, now - MAIL_TOPIC_KEEP_MS, SWEEP_LIMIT),
  );
  console.log(JSON.stringify({ level: 'INFO', what: 'sweep', ...counts }));
  await writeLog(env, { level: 'INFO', message: 'sweep', data: { ...counts, limit: SWEEP_LIMIT } }, now);
  return counts;
}
