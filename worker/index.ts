import { Hono } from 'hono';
import { type SessionVariables, session, sessionless, withDatabase } from './auth/session';
import type { Env } from './env';
import { errorBody, handleError } from './lib/errors';
import { requestLog } from './lib/log';
import { jsonBodies, sameOrigin } from './lib/origin';
import { securityHeaders } from './lib/securityHeaders';
import { sweep } from './sweep';
import { auth } from './routes/auth';
import { clashesRoutes } from './routes/clashes';
import { dailyRoutes } from './routes/daily';
import { notificationsRoutes } from './routes/notifications';
import { avatars } from './routes/avatars';
import { dev } from './routes/dev';
import { gamesRoutes } from './routes/games';
import { health } from './routes/health';
import { live } from './routes/live';
import { logsRoutes } from './routes/logs';
import { metricsRoutes } from './routes/metrics';
import { accountRoutes } from './routes/account';
import { playerActivityRoutes } from './routes/playerActivity';
import { playerModerationRoutes } from './routes/playerModeration';
import { playerNotificationsRoutes } from './routes/playerNotifications';
import { playersRoutes } from './routes/players';
import { friendsRoutes } from './routes/friends';
import { preferencesRoutes } from './routes/preferences';
import { playerPuzzlesRoutes, puzzleRunsRoutes, puzzlesRoutes } from './routes/puzzles';
import { pushKeyRoutes, pushSubscriptionsRoutes } from './routes/push';
import { quickMatchRoutes } from './routes/quickMatch';
import { challengesRoutes } from './routes/challenges';
import { ratingsRoutes } from './routes/ratings';
import { scoresRoutes } from './routes/scores';
import { sessionRoutes } from './routes/session';
import { replayRoutes } from './routes/replay';
import { ticketsRoutes } from './routes/tickets';

// The rooms are Durable Object classes: the runtime finds them among the entry's exports.
export { ClashRoom } from '../durable-objects/ClashRoom';
export { GameRoom } from '../durable-objects/GameRoom';
export { Presence } from '../durable-objects/Presence';
export { OnlineList } from '../durable-objects/OnlineList';
export { QuickMatch } from '../durable-objects/QuickMatch';

// Not strict: the SPEC's collection paths end in a slash (`PUT /games/`), and `/games` must answer the same.
const app = new Hono<{ Bindings: Env; Variables: SessionVariables }>({ strict: false }).basePath('/api');

// What a request meets, in order: its database on the context, a log line, the same-origin guard, the body
// type, the session cookie.
app.use(withDatabase);
app.use(securityHeaders); // nosniff, referrer policy and a locked-down CSP on every API answer
app.use(requestLog);
app.use(sameOrigin);
app.use(jsonBodies);
// Where a session starts or ends, and where nobody is asked who they are, an access cookie that no longer
// counts is taken as none rather than answered 401 token-expired.
const sessionOptional = [
  '/auth/refresh',
  '/auth/logout',
  '/auth/token',
  '/auth/register-guest',
  '/auth/migrate',
];
for (const path of [...sessionOptional, '/health', '/avatars/*', '/dev/*']) app.use(path, sessionless);
app.use(session);

app.route('/health', health); // version and the state of D1, R2 and the Durable Objects
app.route('/auth/session', sessionRoutes); // the session probe: who is signed in, 200 with none
app.route('/auth', auth); // guests, sign-up, sign-in, refresh, logout, e-mail tokens
app.route('/players', playersRoutes); // players: the list, the signed-in one, who is online, one player
app.route('/players', playerActivityRoutes); // a player's figures, scores, games, clashes, ratings, head-to-head
app.route('/players', accountRoutes); // a player's own name, e-mail address and avatar
app.route('/players', preferencesRoutes); // a player's own preferences
app.route('/players', playerNotificationsRoutes); // a player's own notifications: the list, all read
app.route('/players', playerModerationRoutes); // admins: a player's log rows, ban and unban
app.route('/players', friendsRoutes); // follow, block, the friends lists (contract/friends.ts)
app.route('/players', playerPuzzlesRoutes); // a player's own puzzle results (me/puzzles)
app.route('/avatars', avatars); // avatar images under immutable keys, cached for a year
app.route('/games', gamesRoutes); // games: the current solo game, moves (clash games go to their room), the list
app.route('/games', replayRoutes); // a finished game's replay (its moves) and its player's review figures
app.route('/clashes', clashesRoutes); // clashes: create, answer, manage; the games live in the ClashRoom
app.route('/challenges', challengesRoutes); // challenge links: make, read (anyone), join (a guest too), cancel
app.route('/quick-match', quickMatchRoutes); // the quick-match queue: join (paired at once or 202), leave
app.route('/ratings', ratingsRoutes); // the clash ratings' tab (a player's history and head-to-head are on players)
app.route('/scores', scoresRoutes); // scores: the rankings by period, one score with its game, the score statistics
app.route('/puzzles', puzzlesRoutes); // puzzles from reviewed games, the daily puzzle's answer (unranked)
app.route('/puzzle-runs', puzzleRunsRoutes); // a finished streak or storm run of puzzles
app.route('/daily', dailyRoutes); // the daily game: today's, starting it once, the day's ranking and the streak
app.route('/notifications', notificationsRoutes); // one notification: read, delete (the player's list is on players)
app.route('/push-subscriptions', pushSubscriptionsRoutes); // a device's Web Push subscription: add, remove
app.route('/push', pushKeyRoutes); // the VAPID public key browsers subscribe with
app.route('/tickets', ticketsRoutes); // support tickets and bug reports; admins change their status and delete them
app.route('/logs', logsRoutes); // the server's log rows (admins; a player reads their own)
app.route('/metrics', metricsRoutes); // request counters and storage figures (admins)
app.route('/ws', live); // WebSocket upgrades handed to the rooms
app.route('/dev', dev); // local development only: the mail outbox, the room echo of the benchmark

app.notFound((c) => c.json(errorBody(c, 'route-not-found'), 404));
app.onError(handleError);

/**
 * The Cron Trigger of wrangler.toml ([triggers] crons): the sweep deletes what has expired (worker/sweep.ts).
 * `wrangler dev --test-scheduled` runs it on GET /__scheduled.
 */
const scheduled: ExportedHandlerScheduledHandler<Env> = (_controller, env, ctx) => {
  ctx.waitUntil(sweep(env));
};

export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<Env>;
/** The Hono app itself, for the tests that list its routes. */
export { app };
