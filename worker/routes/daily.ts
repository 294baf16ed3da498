import { Hono } from 'hono';
import type { NewGame } from '../../durable-objects/gameRecord';
import {
  DAILY_RANKED_ACCOUNT_DAYS,
  DAILY_RANKED_MIN_GAMES,
  type DailyEligibility,
  type DailyPlayerResource,
  type DailyResource,
  type DailyScore,
  type DailyScoresPage,
  DailyScoresQuery,
  type DailyUnrankedReason,
  dayOf,
} from '../../contract/daily';
import { CLASSIC_RULES, describeRules } from '../../game/rules';
import { accessOf } from '../auth/access';
import { currentPlayer, requirePlayer, type SessionVariables } from '../auth/session';
import {
  claimDailyNotice,
  completedDays,
  completedGames,
  daySecret,
  findDailyGame,
  findDailyPlay,
  listDailyScores,
  startDailyGame,
} from '../db/daily';
import { findPlayer } from '../db/players';
import type { PlayerRow } from '../db/schema';
import type { Env } from '../env';
import { AppError, badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { links, page } from '../lib/hal';
import { newDailySecret } from '../lib/dailyDice';
import { notify } from '../lib/notify';
import { gamePath } from '../lib/resources/game';
import { pathId, readQuery } from '../lib/validate';
import { gameRoom } from '../rooms';

type Daily = { Bindings: Env; Variables: SessionVariables };

const DAY_MS = 24 * 60 * 60 * 1000;
const DAILY_PATH = '/api/daily';
const scoresPath = (day: string) => `${DAILY_PATH}/scores?day=${day}`;

/**
 * The daily game's rule set, whatever the player's preferred one: one day's dice for everyone need one
 * sheet, so that the day's ranking compares like with like.
 */
const DAILY_RULES = CLASSIC_RULES;

/** The days in a row, ending `today` or the day before, found among `days` (newest first). */
export function streakOf(days: readonly string[], today: string): number {
  const yesterday = dayOf(Date.parse(`${today}T00:00:00Z`) - DAY_MS);
  let expected = days[0] === today ? today : yesterday;
  let streak = 0;
  for (const day of days) {
    if (day !== expected) break;
    streak += 1;
    expected = dayOf(Date.parse(`${day}T00:00:00Z`) - DAY_MS);
  }
  return streak;
}

/**
 * Whether `player`'s daily score is ranked today, and what is missing: the rule of db/daily.ts
 * `listDailyScores` (contract/daily.ts DAILY_RANKED_ACCOUNT_DAYS) seen from the player's side. A guest
 * (or nobody) is told only that guests are not ranked: signing up comes before the rest.
 */
export function eligibilityOf(player: PlayerRow | null, completed: number, now: number): DailyEligibility {
  const accountDaysToGo = player
    ? Math.max(0, Math.ceil((player.createdAt + DAILY_RANKED_ACCOUNT_DAYS * DAY_MS - now) / DAY_MS))
    : DAILY_RANKED_ACCOUNT_DAYS;
  const missing: [DailyUnrankedReason, boolean][] =
    player?.guest === false
      ? [
          ['banned', player.status === 'BANNED'],
          ['account-too-new', accountDaysToGo > 0],
          ['email-unverified', !player.emailVerified],
          ['too-few-games', completed < DAILY_RANKED_MIN_GAMES],
        ]
      : [['guest', true]];
  const unrankedReasons = missing.filter(([, lacking]) => lacking).map(([reason]) => reason);
  return {
    ranked: unrankedReasons.length === 0,
    unrankedReasons,
    accountDaysToGo,
    completedGames: completed,
  };
}

export const dailyRoutes = new Hono<Daily>()
  // Today's daily game: for a signed-in caller, theirs once started, their streak and whether it ranks.
  .get('/', async (c) => {
    const now = Date.now();
    const day = dayOf(now);
    const me = await currentPlayer(c);
    const db = c.var.db;
    const [game, played, days, completed] = me
      ? await Promise.all([
          findDailyGame(db, me.id, day),
          findDailyPlay(db, me.id, day),
          completedDays(db, me.id),
          completedGames(db, me.id, DAILY_RANKED_MIN_GAMES),
        ])
      : [null, false, [], 0];
    // The web app asks this once on load: a registered player who has played the daily game before (a
    // newcomer has the nav's dot; a bell entry on their first visit would be noise) and has not started
    // today's is told, once a day, that it waits. The claim's key settles racing requests; a notice whose
    // claim succeeded but whose insert failed is not retried (the game is still offered on the page).
    const regular = days.length > 0;
    const started = game !== null || played;
    if (me && !me.guest && !started && regular && (await claimDailyNotice(db, me.id, day))) {
      await notify(c.env, db, { playerId: me.id, kind: 'daily-waiting', params: { day }, link: '/daily' });
    }
    return c.json({
      day,
      played: started,
      completed: game !== null && game.completedAt !== null,
      streak: streakOf(days, day),
      eligibility: eligibilityOf(me, completed, now),
      rules: describeRules(DAILY_RULES),
      _links: links({
        self: DAILY_PATH,
        game: game && gamePath(game.gameId),
        start: me && !me.guest && !started && `${DAILY_PATH}/games`,
        scores: scoresPath(day),
      }),
    } satisfies DailyResource);
  })
  // Starts the caller's game of the day, once: the (player, day) keys of D1 refuse a second start, also
  // after the game was deleted (the same dice again would be a replay with foreknowledge).
  .post('/games', async (c) => {
    const me = await requirePlayer(c);
    if (me.guest) throw forbidden('daily-guest-not-allowed');
    const now = Date.now();
    const day = dayOf(now);
    const db = c.var.db;
    const secret = await daySecret(db, day, newDailySecret());
    const start = await startDailyGame(db, me.id, day, now);
    if (!start) throw conflict('daily-played');
    const { gameId, created } = start;
    const init: NewGame = {
      id: gameId,
      playerId: me.id,
      playerName: me.name,
      createdAt: now,
      access: accessOf(me),
      rules: DAILY_RULES,
      daily: { day, secret },
    };
    // Creating is idempotent, so a start whose room was never reached (the Worker died after D1) is
    // completed by the next attempt, which still answers 409: the game is the one GET /api/daily links.
    const room = await gameRoom(c.env, gameId).create(init);
    if (!created) throw conflict('daily-already-played');
    if (!room.ok) throw new AppError(room.status, room.key);
    return c.json(room.game, 201);
  })
  // Any player's streak, for their page; whether they started today's game is no secret of its dice.
  .get('/players/:id', async (c) => {
    const id = pathId(c);
    const db = c.var.db;
    const day = dayOf(Date.now());
    const player = await findPlayer(db, id);
    if (!player) throw notFound('player-not-found');
    const [played, days] = await Promise.all([findDailyPlay(db, id, day), completedDays(db, id)]);
    return c.json({
      streak: streakOf(days, day),
      playedToday: played,
      _links: links({ self: `${DAILY_PATH}/players/${id}` }),
    } satisfies DailyPlayerResource);
  })
  // A day's ranking (today's so far): a game is linked once its day is over, and on the caller's own row.
  .get('/scores', async (c) => {
    const { day: asked, ...request } = readQuery(c, DailyScoresQuery);
    const today = dayOf(Date.now());
    const day = asked ?? today;
    if (day > today) throw badRequest('day-in-future');
    const me = await currentPlayer(c);
    const over = day < today;
    const { rows, total } = await listDailyScores(c.var.db, day, request);
    const items = rows.map((row): DailyScore => ({
      player: row.player,
      total: row.total ?? 0,
      completedAt: new Date(row.completedAt ?? 0).toISOString(),
      _links: links({ game: (over || row.player.id === me?.id) && gamePath(row.gameId) }),
    }));
    return c.json({ ...page('scores', items, request, total), day, final: over } satisfies DailyScoresPage);
  });
