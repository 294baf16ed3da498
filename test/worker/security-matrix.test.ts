import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallInit } from './helpers';
import { fileForm, pngImage, request, uniqueName } from './helpers';
import {
  app,
  appRoutes,
  buildFixtures,
  callAs,
  DEV_SECRET,
  type Fixtures,
  PASSWORD,
  type Role,
  ROLES,
  sessionOf,
} from './security-helpers';

// The authorization matrix: every route the app registers and every socket, asked by each of
// nine roles, against real resources the roles relate to differently. Each row is written as the table
// reads: `role=status` or `role=status:key`. A route without a row fails the test, so does a row without
// a route. Every answer is also kept for the leak check at the end (no password, hash, token or secret).

type Path = (fx: Fixtures, role: Role) => string;
type Init = (fx: Fixtures, role: Role) => CallInit;

interface Row {
  key: string;
  expect: string;
  path?: Path;
  init?: Init;
  /** Runs alone; its cells too, one role after another in ROLES order (admin last), e.g. a delete. */
  serial?: boolean;
  /** Undoes what a cell did that would change later cells (leaving the quick-match queue). */
  after?: (fx: Fixtures, role: Role) => Promise<unknown>;
  /** A GET that changes something (joining the quick-match queue): run in table order with the writes. */
  acts?: boolean;
}

/** A browser's push subscription (issue 29): an https endpoint and well-formed keys. */
const PUSH_SUBSCRIPTION = {
  endpoint: 'https://push.example/send/matrix',
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

const me = (fx: Fixtures, role: Role) => sessionOf(fx, role)?.player.id ?? fx.sessions.player.player.id;
const P = (fx: Fixtures) => fx.sessions.player.player.id;

/** The path of a row's key with its parameters pointing at the fixtures. */
function defaultPath(key: string): Path {
  const template = key.split(' ')[1];
  return (fx) =>
    template.replace(/:(id|key)/, () => {
      if (template.startsWith('/api/players/') || template.startsWith('/api/daily/players/'))
        return String(P(fx));
      if (template.includes('games/')) return String(fx.gameId);
      if (template.includes('clashes/')) return String(fx.clashId);
      if (template.startsWith('/api/notifications/')) return String(fx.notificationIds.player);
      if (template.startsWith('/api/tickets/')) return String(fx.ticketIds.player);
      if (template.startsWith('/api/logs/')) return String(fx.logIds.player);
      if (template.startsWith('/api/scores/')) return String(fx.scoreId);
      if (template.startsWith('/api/avatars/')) return fx.avatarKey;
      if (template.startsWith('/api/dev/echo/')) return String(fx.gameId);
      throw new Error(`no fixture for ${template}`);
    });
}

const ws: Init = () => ({ headers: { Upgrade: 'websocket' } });
const body =
  (make: (fx: Fixtures, role: Role) => unknown, method = 'PUT'): Init =>
  (fx, role) => ({ method, body: make(fx, role) });
const own =
  (ids: (fx: Fixtures) => Record<Role, number>, prefix: string): Path =>
  (fx, role) =>
    `${prefix}/${ids(fx)[role]}`;

// Shorthands for the rows' most common answers.
const all = (answer: string) => ROLES.map((r) => `${r}=${answer}`).join(' ');

// prettier-ignore
const ROWS: Row[] = [
  // Reads: every row at once.
  { key: 'GET /api/health', expect: all('200') },
  { key: 'GET /api/auth/session', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=403:player-banned admin=200' },
  { key: 'GET /api/avatars/:key', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/clashes', expect: 'anonymous=401:unauthorized guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=403:player-banned admin=200' },
  { key: 'GET /api/clashes/:id', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/clashes/live', expect: all('200') },
  // Challenge links (issue 29): a code that names none is 404 to everyone, before anything else is asked.
  { key: 'GET /api/challenges', expect: 'anonymous=401:unauthorized guest=403:guest-not-allowed player=200 another=200 member=200 nonMember=200 watcher=200 banned=403:player-banned admin=200' },
  { key: 'GET /api/challenges/:code', expect: all('404:challenge-not-found') },
  { key: 'GET /api/daily', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/daily/players/:id', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/daily/scores', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/dev/echo/:id', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/dev/outbox', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/dev/online-reports', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/games', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/games/:id', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  // A replay (issue 30) is nobody's while its game is played, its own player's included.
  { key: 'GET /api/games/:id/replay', expect: all('404:replay-not-available') },
  { key: 'GET /api/dev/games/:id/stored-bytes', expect: all('200') },
  { key: 'GET /api/dev/clashes/:id/stored-bytes', expect: all('200') },
  { key: 'GET /api/logs', expect: 'anonymous=401:unauthorized guest=403:admin-only player=403:admin-only another=403:admin-only member=403:admin-only nonMember=403:admin-only watcher=403:admin-only banned=403:player-banned admin=200' },
  { key: 'GET /api/logs/:id', expect: 'anonymous=401:unauthorized guest=403:admin-only player=403:admin-only another=403:admin-only member=403:admin-only nonMember=403:admin-only watcher=403:admin-only banned=403:player-banned admin=200' },
  { key: 'GET /api/metrics', expect: 'anonymous=401:unauthorized guest=403:admin-only player=403:admin-only another=403:admin-only member=403:admin-only nonMember=403:admin-only watcher=403:admin-only banned=403:player-banned admin=200' },
  { key: 'GET /api/notifications/:id', expect: 'anonymous=401:unauthorized guest=403:forbidden player=200 another=403:forbidden member=403:forbidden nonMember=403:forbidden watcher=403:forbidden banned=403:player-banned admin=403:forbidden' },
  { key: 'GET /api/players', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/players/:id', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/players/:id/clashes', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/players/:id/games', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/players/:id/head-to-head', expect: 'anonymous=401:unauthorized guest=200 player=400:head-to-head-self another=200 member=200 nonMember=200 watcher=200 banned=403:player-banned admin=200' },
  { key: 'GET /api/players/:id/logs', expect: 'anonymous=401:unauthorized guest=403:admin-only player=403:admin-only another=403:admin-only member=403:admin-only nonMember=403:admin-only watcher=403:admin-only banned=403:player-banned admin=200' },
  { key: 'GET /api/players/:id/notifications', expect: 'anonymous=401:unauthorized guest=403:forbidden player=200 another=403:forbidden member=403:forbidden nonMember=403:forbidden watcher=403:forbidden banned=403:player-banned admin=403:forbidden' },
  { key: 'GET /api/players/:id/preferences', expect: 'anonymous=401:unauthorized guest=403:forbidden player=404:preferences-not-found another=403:forbidden member=403:forbidden nonMember=403:forbidden watcher=403:forbidden banned=403:player-banned admin=403:forbidden' },
  { key: 'GET /api/players/:id/relation', expect: 'anonymous=401:unauthorized guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=403:player-banned admin=200' },
  { key: 'GET /api/players/me/following', expect: 'anonymous=401:unauthorized guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=403:player-banned admin=200' },
  { key: 'GET /api/players/me/followers', expect: 'anonymous=401:unauthorized guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=403:player-banned admin=200' },
  { key: 'GET /api/players/me/blocks', expect: 'anonymous=401:unauthorized guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=403:player-banned admin=200' },
  { key: 'GET /api/players/:id/ratings', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/players/:id/scores', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/players/:id/stats', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/players/:id/yamb-stats', expect: all('200') },
  { key: 'GET /api/players/active', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  // Puzzles (issue 30): the positions from games are anyone's; the results are a registered player's own.
  { key: 'GET /api/puzzles/from-games', expect: all('200') },
  { key: 'GET /api/players/me/puzzles', expect: 'anonymous=401:unauthorized guest=403:puzzles-guest-not-allowed player=200 another=200 member=200 nonMember=200 watcher=200 banned=403:player-banned admin=200' },
  { key: 'GET /api/players/me', expect: 'anonymous=401:unauthorized guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=403:player-banned admin=200' },
  { key: 'GET /api/players/search', expect: all('200'), path: () => '/api/players/search?q=p' },
  { key: 'GET /api/players/stats', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/ratings', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/scores', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/scores/:id', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/scores/stats', expect: 'anonymous=200 guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=200 admin=200' },
  { key: 'GET /api/tickets', expect: 'anonymous=401:unauthorized guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=403:player-banned admin=200' },
  { key: 'GET /api/tickets/:id', expect: 'anonymous=401:unauthorized guest=404:ticket-not-found player=200 another=404:ticket-not-found member=404:ticket-not-found nonMember=404:ticket-not-found watcher=404:ticket-not-found banned=403:player-banned admin=200' },
  { key: 'GET /api/ws/games/:id', init: ws, expect: 'anonymous=101 guest=101 player=101 another=101 member=101 nonMember=101 watcher=101 banned=403:player-banned admin=101' },
  { key: 'GET /api/ws/clashes/:id', init: ws, expect: 'anonymous=101 guest=101 player=101 another=101 member=101 nonMember=101 watcher=101 banned=403:player-banned admin=101' },
  { key: 'GET /api/ws/players', init: ws, expect: 'anonymous=401:unauthorized guest=101 player=101 another=101 member=101 nonMember=101 watcher=101 banned=403:player-banned admin=101' },
  // Writes: one row after another (several act on the same game), the roles of a row at once.
  { key: 'POST /api/auth/register-guest', init: body(() => ({}), 'POST'), expect: 'anonymous=201 guest=201 player=201 another=201 member=201 nonMember=201 watcher=201 banned=201 admin=201' },
  { key: 'POST /api/auth/register', init: body(() => ({}), 'POST'), expect: 'anonymous=400:username-length-invalid guest=400:username-length-invalid player=400:username-length-invalid another=400:username-length-invalid member=400:username-length-invalid nonMember=400:username-length-invalid watcher=400:username-length-invalid banned=400:username-length-invalid admin=400:username-length-invalid' },
  { key: 'POST /api/auth/token', init: body(() => ({}), 'POST'), expect: 'anonymous=400:identifier-invalid guest=400:identifier-invalid player=400:identifier-invalid another=400:identifier-invalid member=400:identifier-invalid nonMember=400:identifier-invalid watcher=400:identifier-invalid banned=400:identifier-invalid admin=400:identifier-invalid' },
  { key: 'POST /api/auth/migrate', expect: 'anonymous=401:unauthorized guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=403:player-banned admin=200',
    init: (fx, role) => ({ method: 'POST', headers: { Authorization: `Bearer ${sessionOf(fx, role)?.jar.get('yamb_access') ?? 'none'}` } }) },
  { key: 'POST /api/auth/email-verification-token', init: body(() => ({}), 'POST'), expect: 'anonymous=400:email-missing guest=400:email-missing player=400:email-missing another=400:email-missing member=400:email-missing nonMember=400:email-missing watcher=400:email-missing banned=400:email-missing admin=400:email-missing' },
  { key: 'POST /api/auth/password-reset-token', init: body(() => ({}), 'POST'), expect: 'anonymous=400:email-missing guest=400:email-missing player=400:email-missing another=400:email-missing member=400:email-missing nonMember=400:email-missing watcher=400:email-missing banned=400:email-missing admin=400:email-missing' },
  { key: 'PUT /api/auth/email-verification', init: body(() => ({})), expect: 'anonymous=400:token-missing guest=400:token-missing player=400:token-missing another=400:token-missing member=400:token-missing nonMember=400:token-missing watcher=400:token-missing banned=400:token-missing admin=400:token-missing' },
  { key: 'PUT /api/auth/password-reset', init: body(() => ({ token: 'forged', password: PASSWORD })), expect: 'anonymous=400:password-length-invalid guest=400:password-length-invalid player=400:password-length-invalid another=400:password-length-invalid member=400:password-length-invalid nonMember=400:password-length-invalid watcher=400:password-length-invalid banned=400:password-length-invalid admin=400:password-length-invalid' },
  { key: 'PUT /api/games', init: body((fx) => ({ playerId: P(fx), rules: 'CLASSIC' })), expect: 'anonymous=401:unauthorized guest=403:not-your-game player=200 another=403:not-your-game member=403:not-your-game nonMember=403:not-your-game watcher=403:not-your-game banned=403:player-banned admin=403:not-your-game' },
  { key: 'PUT /api/games/:id/roll', init: body(() => ({ diceToRoll: [0, 1, 2, 3, 4] })), expect: 'anonymous=401:unauthorized guest=403:not-your-game player=200 another=403:not-your-game member=403:not-your-game nonMember=403:not-your-game watcher=403:not-your-game banned=403:not-your-game admin=403:not-your-game' },
  { key: 'PUT /api/games/:id/announce', init: body(() => ({ boxType: 'ONES' })), expect: 'anonymous=401:unauthorized guest=403:not-your-game player=409:announcement-not-allowed another=403:not-your-game member=403:not-your-game nonMember=403:not-your-game watcher=403:not-your-game banned=403:not-your-game admin=403:not-your-game' },
  { key: 'PUT /api/games/:id/fill', init: body(() => ({ columnType: 'FREE', boxType: 'ONES' })), expect: 'anonymous=401:unauthorized guest=403:not-your-game player=200 another=403:not-your-game member=403:not-your-game nonMember=403:not-your-game watcher=403:not-your-game banned=403:not-your-game admin=403:not-your-game' },
  { key: 'PUT /api/games/:id/undo', init: body(() => ({})), expect: 'anonymous=401:unauthorized guest=403:not-your-game player=200 another=403:not-your-game member=403:not-your-game nonMember=403:not-your-game watcher=403:not-your-game banned=403:not-your-game admin=403:not-your-game' },
  { key: 'PUT /api/games/:id/restart', init: body(() => ({})), expect: 'anonymous=401:unauthorized guest=403:not-your-game player=200 another=403:not-your-game member=403:not-your-game nonMember=403:not-your-game watcher=403:not-your-game banned=403:not-your-game admin=403:not-your-game' },
  { key: 'PUT /api/games/:id/review', init: body(() => ({ decisions: 0, accuracy: 1, pointsLost: 0 })), expect: 'anonymous=401:unauthorized guest=404:replay-not-available player=404:replay-not-available another=404:replay-not-available member=404:replay-not-available nonMember=404:replay-not-available watcher=404:replay-not-available banned=403:player-banned admin=404:replay-not-available' },
  // The solo game is no daily game: its day cannot move.
  { key: 'PUT /api/dev/games/:id/daily-day', init: body(() => ({ day: '2000-01-01' })), expect: all('404:game-not-found') },
  { key: 'PUT /api/games/:id/archive', init: body(() => ({})), expect: 'anonymous=401:unauthorized guest=403:not-your-game player=409:game-not-completed another=403:not-your-game member=403:not-your-game nonMember=403:not-your-game watcher=403:not-your-game banned=403:not-your-game admin=403:not-your-game' },
  { key: 'POST /api/daily/games', init: body(() => ({}), 'POST'), expect: 'anonymous=401:unauthorized guest=403:daily-guest-not-allowed player=409:daily-already-played another=201 member=201 nonMember=201 watcher=201 banned=403:player-banned admin=201' },
  { key: 'PUT /api/puzzles/daily/:day', path: () => `/api/puzzles/daily/${new Date().toISOString().slice(0, 10)}`, init: body(() => ({ solved: true })), expect: 'anonymous=401:unauthorized guest=403:puzzles-guest-not-allowed player=200 another=200 member=200 nonMember=200 watcher=200 banned=403:player-banned admin=200' },
  { key: 'POST /api/puzzle-runs', init: body(() => ({ mode: 'STORM', score: 5 }), 'POST'), expect: 'anonymous=401:unauthorized guest=403:puzzles-guest-not-allowed player=201 another=201 member=201 nonMember=201 watcher=201 banned=403:player-banned admin=201' },
  { key: 'POST /api/challenges', init: body(() => ({ seats: 2 }), 'POST'), expect: 'anonymous=401:unauthorized guest=403:guest-not-allowed player=201 another=201 member=201 nonMember=201 watcher=201 banned=403:player-banned admin=201' },
  { key: 'POST /api/challenges/:code/join', init: () => ({ method: 'POST' }), expect: 'anonymous=401:unauthorized guest=404:challenge-not-found player=404:challenge-not-found another=404:challenge-not-found member=404:challenge-not-found nonMember=404:challenge-not-found watcher=404:challenge-not-found banned=403:player-banned admin=404:challenge-not-found' },
  { key: 'DELETE /api/challenges/:code', init: () => ({ method: 'DELETE' }), expect: 'anonymous=401:unauthorized guest=404:challenge-not-found player=404:challenge-not-found another=404:challenge-not-found member=404:challenge-not-found nonMember=404:challenge-not-found watcher=404:challenge-not-found banned=403:player-banned admin=404:challenge-not-found' },
  { key: 'POST /api/clashes', expect: 'anonymous=401:unauthorized guest=403:guest-not-allowed player=201 another=403:clash-owner-mismatch member=403:clash-owner-mismatch nonMember=403:clash-owner-mismatch watcher=403:clash-owner-mismatch banned=403:player-banned admin=403:clash-owner-mismatch',
    init: body((fx) => ({ ownerId: P(fx), playerIds: [P(fx), fx.sessions.another.player.id], type: 'LIVE', name: 'Matrix' }), 'POST') },
  { key: 'PUT /api/clashes/:id/accept', serial: true, path: (fx) => `/api/clashes/${fx.pending.accept}/accept`, init: body((fx, role) => ({ playerId: me(fx, role) })), expect: 'anonymous=404:clash-not-found guest=404:clash-not-found player=200 another=409:not-invited member=404:clash-not-found nonMember=404:clash-not-found watcher=404:clash-not-found banned=404:clash-not-found admin=404:clash-not-found' },
  { key: 'PUT /api/clashes/:id/decline', serial: true, path: (fx) => `/api/clashes/${fx.pending.decline}/decline`, init: body((fx, role) => ({ playerId: me(fx, role) })), expect: 'anonymous=404:clash-not-found guest=404:clash-not-found player=200 another=404:clash-not-found member=404:clash-not-found nonMember=404:clash-not-found watcher=404:clash-not-found banned=404:clash-not-found admin=404:clash-not-found' },
  { key: 'PUT /api/clashes/:id/add', serial: true, path: (fx) => `/api/clashes/${fx.pending.manage}/add`, init: body((fx) => ({ playerIds: [fx.sessions.another.player.id] })), expect: 'anonymous=404:clash-not-found guest=404:clash-not-found player=403:not-clash-owner another=404:clash-not-found member=200 nonMember=404:clash-not-found watcher=404:clash-not-found banned=404:clash-not-found admin=404:clash-not-found' },
  { key: 'PUT /api/clashes/:id/remove', serial: true, path: (fx) => `/api/clashes/${fx.pending.manage}/remove`, init: body((fx) => ({ playerIds: [fx.sessions.another.player.id] })), expect: 'anonymous=404:clash-not-found guest=404:clash-not-found player=403:not-clash-owner another=403:not-clash-owner member=200 nonMember=404:clash-not-found watcher=404:clash-not-found banned=404:clash-not-found admin=404:clash-not-found' },
  { key: 'PUT /api/dev/clashes/:id/clock', init: body(() => ({})), expect: 'anonymous=400:input-invalid guest=400:input-invalid player=400:input-invalid another=400:input-invalid member=400:input-invalid nonMember=400:input-invalid watcher=400:input-invalid banned=400:input-invalid admin=400:input-invalid' },
  { key: 'POST /api/dev/outage', init: body(() => ({}), 'POST'), expect: 'anonymous=400:input-invalid guest=400:input-invalid player=400:input-invalid another=400:input-invalid member=400:input-invalid nonMember=400:input-invalid watcher=400:input-invalid banned=400:input-invalid admin=400:input-invalid' },
  { key: 'POST /api/dev/seed/scores', init: body(() => ({}), 'POST'), expect: 'anonymous=400:input-invalid guest=400:input-invalid player=400:input-invalid another=400:input-invalid member=400:input-invalid nonMember=400:input-invalid watcher=400:input-invalid banned=400:input-invalid admin=400:input-invalid' },
  { key: 'POST /api/dev/seed/ratings', init: body(() => ({}), 'POST'), expect: 'anonymous=400:input-invalid guest=400:input-invalid player=400:input-invalid another=400:input-invalid member=400:input-invalid nonMember=400:input-invalid watcher=400:input-invalid banned=400:input-invalid admin=400:input-invalid' },
  { key: 'POST /api/tickets', expect: 'anonymous=401:unauthorized guest=403:ticket-player-mismatch player=201 another=403:ticket-player-mismatch member=403:ticket-player-mismatch nonMember=403:ticket-player-mismatch watcher=403:ticket-player-mismatch banned=403:player-banned admin=403:ticket-player-mismatch',
    init: body((fx) => ({ playerId: P(fx), title: 'Matrix', description: 'A ticket', emailAddresses: [] }), 'POST') },
  { key: 'PATCH /api/tickets/:id', init: body(() => ({ status: 'CLOSED' }), 'PATCH'), expect: 'anonymous=401:unauthorized guest=403:admin-only player=403:admin-only another=403:admin-only member=403:admin-only nonMember=403:admin-only watcher=403:admin-only banned=403:player-banned admin=200' },
  { key: 'GET /api/push/key', expect: all('200') },
  { key: 'POST /api/push-subscriptions', init: body(() => PUSH_SUBSCRIPTION, 'POST'), expect: 'anonymous=401:unauthorized guest=201 player=201 another=201 member=201 nonMember=201 watcher=201 banned=403:player-banned admin=201' },
  { key: 'DELETE /api/push-subscriptions', path: () => '/api/push-subscriptions?endpoint=https%3A%2F%2Fpush.example%2Fnobody', init: () => ({ method: 'DELETE' }), expect: 'anonymous=401:unauthorized guest=404:push-subscription-not-found player=404:push-subscription-not-found another=404:push-subscription-not-found member=404:push-subscription-not-found nonMember=404:push-subscription-not-found watcher=404:push-subscription-not-found banned=403:player-banned admin=404:push-subscription-not-found' },
  { key: 'PUT /api/players/:id/preferences', init: body(() => ({ language: 'hr', theme: 'dark', rules: 'CLASSIC' })), expect: 'anonymous=401:unauthorized guest=403:forbidden player=200 another=403:forbidden member=403:forbidden nonMember=403:forbidden watcher=403:forbidden banned=403:player-banned admin=403:forbidden' },
  { key: 'PUT /api/players/:id/username', init: body(() => ({ username: uniqueName('M') })), expect: 'anonymous=401:unauthorized guest=403:forbidden player=200 another=403:forbidden member=403:forbidden nonMember=403:forbidden watcher=403:forbidden banned=403:player-banned admin=403:forbidden' },
  { key: 'PUT /api/players/:id/email', init: body(() => ({ email: `${uniqueName('m').toLowerCase()}@example.com` })), expect: 'anonymous=401:unauthorized guest=403:forbidden player=200 another=403:forbidden member=403:forbidden nonMember=403:forbidden watcher=403:forbidden banned=403:player-banned admin=403:forbidden' },
  { key: 'PUT /api/players/:id/follow', init: () => ({ method: 'PUT' }), expect: 'anonymous=401:unauthorized guest=403:friends-guest player=400:friends-self another=200 member=200 nonMember=200 watcher=200 banned=403:player-banned admin=200' },
  { key: 'DELETE /api/players/:id/follow', init: () => ({ method: 'DELETE' }), expect: 'anonymous=401:unauthorized guest=403:friends-guest player=400:friends-self another=200 member=200 nonMember=200 watcher=200 banned=403:player-banned admin=200' },
  { key: 'DELETE /api/players/me/followers/:id', init: () => ({ method: 'DELETE' }), expect: 'anonymous=401:unauthorized guest=403:friends-guest player=204 another=204 member=204 nonMember=204 watcher=204 banned=403:player-banned admin=204' },
  // A block would refuse the player's clashes with the blocker: each cell's block is taken back at once.
  { key: 'PUT /api/players/:id/block', serial: true, init: () => ({ method: 'PUT' }), expect: 'anonymous=401:unauthorized guest=403:friends-guest player=400:friends-self another=200 member=200 nonMember=200 watcher=200 banned=403:player-banned admin=200',
    after: (fx, role) => callAs(fx, role, `/players/${P(fx)}/block`, { method: 'DELETE' }) },
  { key: 'DELETE /api/players/:id/block', init: () => ({ method: 'DELETE' }), expect: 'anonymous=401:unauthorized guest=403:friends-guest player=400:friends-self another=200 member=200 nonMember=200 watcher=200 banned=403:player-banned admin=200' },
  // Last: the answers that take something away, one cell at a time, the admin last.
  { key: 'PUT /api/players/:id/avatar', serial: true, expect: 'anonymous=401:unauthorized guest=403:forbidden player=200 another=403:forbidden member=403:forbidden nonMember=403:forbidden watcher=403:forbidden banned=403:player-banned admin=403:forbidden',
    init: () => ({ method: 'PUT', body: fileForm(avatar) }) },
  { key: 'PUT /api/players/:id/ban', serial: true, path: (fx) => `/api/players/${fx.banTargetId}/ban`, init: body(() => ({ reason: 'Matrix' })), expect: 'anonymous=401:unauthorized guest=403:admin-only player=403:admin-only another=403:admin-only member=403:admin-only nonMember=403:admin-only watcher=403:admin-only banned=403:player-banned admin=200' },
  { key: 'POST /api/quick-match', serial: true, init: () => ({ method: 'POST' }), expect: 'anonymous=401:unauthorized guest=403:guest-not-allowed player=202 another=202 member=202 nonMember=202 watcher=202 banned=403:player-banned admin=202',
    after: (fx, role) => callAs(fx, role, '/quick-match', { method: 'DELETE' }) },
  { key: 'DELETE /api/quick-match', serial: true, init: () => ({ method: 'DELETE' }), expect: 'anonymous=401:unauthorized guest=204 player=204 another=204 member=204 nonMember=204 watcher=204 banned=403:player-banned admin=204' },
  // Opening it joins the queue, so it runs after the POST and DELETE rows above (whose answers a seat in a
  // quick match would change), one role at a time, each leaving before the next joins.
  { key: 'GET /api/ws/quick-match', serial: true, acts: true, init: ws, expect: 'anonymous=401:unauthorized guest=403:guest-not-allowed player=101 another=101 member=101 nonMember=101 watcher=101 banned=403:player-banned admin=101',
    after: (fx, role) => callAs(fx, role, '/quick-match', { method: 'DELETE' }) },
  { key: 'DELETE /api/notifications/:id', serial: true, path: own((fx) => fx.notificationIds, '/api/notifications'), init: () => ({ method: 'DELETE' }), expect: 'anonymous=401:unauthorized guest=403:forbidden player=204 another=403:forbidden member=403:forbidden nonMember=403:forbidden watcher=403:forbidden banned=403:player-banned admin=403:forbidden' },
  { key: 'DELETE /api/tickets/:id', serial: true, path: own((fx) => fx.ticketIds, '/api/tickets'), init: () => ({ method: 'DELETE' }), expect: 'anonymous=401:unauthorized guest=403:admin-only player=403:admin-only another=403:admin-only member=403:admin-only nonMember=403:admin-only watcher=403:admin-only banned=403:player-banned admin=204' },
  { key: 'DELETE /api/logs/:id', serial: true, path: own((fx) => fx.logIds, '/api/logs'), init: () => ({ method: 'DELETE' }), expect: 'anonymous=401:unauthorized guest=403:admin-only player=403:admin-only another=403:admin-only member=403:admin-only nonMember=403:admin-only watcher=403:admin-only banned=403:player-banned admin=204' },
  { key: 'DELETE /api/players/:id/ban', serial: true, path: (fx) => `/api/players/${fx.banTargetId}/ban`, init: () => ({ method: 'DELETE' }), expect: 'anonymous=401:unauthorized guest=403:admin-only player=403:admin-only another=403:admin-only member=403:admin-only nonMember=403:admin-only watcher=403:admin-only banned=403:player-banned admin=200' },
  { key: 'DELETE /api/players/:id/notifications', serial: true, init: () => ({ method: 'DELETE' }), expect: 'anonymous=401:unauthorized guest=403:forbidden player=204 another=403:forbidden member=403:forbidden nonMember=403:forbidden watcher=403:forbidden banned=403:player-banned admin=403:forbidden' },
  { key: 'DELETE /api/games/:id', serial: true, init: () => ({ method: 'DELETE' }), expect: 'anonymous=401:unauthorized guest=403:admin-only player=403:admin-only another=403:admin-only member=403:admin-only nonMember=403:admin-only watcher=403:admin-only banned=403:player-banned admin=204' },
  // Before the clash's deletion: the member's resignation ends the started clash (the other player wins).
  { key: 'POST /api/clashes/:id/rematch', serial: true, init: () => ({ method: 'POST' }), expect: 'anonymous=401:unauthorized guest=403:guest-not-allowed player=403:not-clash-member another=403:not-clash-member member=409:clash-not-completed nonMember=403:not-clash-member watcher=403:not-clash-member banned=403:player-banned admin=403:not-clash-member' },
  // The fixture's clash is untimed: no gift of more time in it (clashes-correspondence.test.ts gives one).
  { key: 'PUT /api/clashes/:id/more-time', serial: true, init: () => ({ method: 'PUT' }), expect: 'anonymous=401:unauthorized guest=403:not-clash-member player=403:not-clash-member another=403:not-clash-member member=409:clash-not-correspondence nonMember=403:not-clash-member watcher=403:not-clash-member banned=403:player-banned admin=403:not-clash-member' },
  { key: 'PUT /api/clashes/:id/pass', serial: true, init: body(() => ({})), expect: 'anonymous=401:unauthorized guest=403:not-clash-member player=403:not-clash-member another=403:not-clash-member member=409:clash-own-turn nonMember=403:not-clash-member watcher=403:not-clash-member banned=403:player-banned admin=403:not-clash-member' },
  { key: 'PUT /api/clashes/:id/resign', serial: true, init: body(() => ({})), expect: 'anonymous=401:unauthorized guest=403:not-clash-member player=403:not-clash-member another=403:not-clash-member member=200 nonMember=403:not-clash-member watcher=403:not-clash-member banned=403:player-banned admin=403:not-clash-member' },
  { key: 'DELETE /api/clashes/:id', serial: true, init: () => ({ method: 'DELETE' }), expect: 'anonymous=401:unauthorized guest=403:not-clash-owner player=403:not-clash-owner another=403:not-clash-owner member=409:clash-not-pending nonMember=403:not-clash-owner watcher=403:not-clash-owner banned=403:player-banned admin=204' },
  { key: 'POST /api/auth/refresh', serial: true, init: () => ({ method: 'POST' }), expect: 'anonymous=401:unauthorized guest=200 player=200 another=200 member=200 nonMember=200 watcher=200 banned=403:player-banned admin=200' },
  { key: 'DELETE /api/logs', serial: true, init: () => ({ method: 'DELETE' }), expect: 'anonymous=401:unauthorized guest=403:admin-only player=403:admin-only another=403:admin-only member=403:admin-only nonMember=403:admin-only watcher=403:admin-only banned=403:player-banned admin=204' },
  { key: 'POST /api/auth/logout', serial: true, init: () => ({ method: 'POST' }), expect: 'anonymous=204 guest=204 player=204 another=204 member=204 nonMember=204 watcher=204 banned=204 admin=204' },
];

let avatar: Uint8Array;
let fx: Fixtures;
/** Every answer of the run, for the leak check: status, path, headers' cookies and body text. */
const answers: { where: string; body: string; cookies: string[] }[] = [];
/** Log rows read before the admin's DELETE /api/logs cell empties the table. */
let logsBeforeClearing: string[] = [];

beforeAll(async () => {
  avatar = await pngImage(300, 300);
  fx = await buildFixtures();
}, 60_000);
afterAll(() => fx?.close());

async function cell(row: Row, role: Role): Promise<string> {
  const path = (row.path ?? defaultPath(row.key))(fx, role);
  const init = row.init?.(fx, role) ?? {};
  const method = row.key.split(' ')[0];
  const response = await callAs(fx, role, path, { method, ...init });
  if (response.webSocket) {
    response.webSocket.accept();
    response.webSocket.close();
  }
  const type = response.headers.get('Content-Type') ?? '';
  const text = type.startsWith('image/') ? '' : await response.text();
  answers.push({
    where: `${role} ${method} ${path}`,
    body: text,
    cookies: response.headers.getAll('Set-Cookie'),
  });
  await row.after?.(fx, role);
  let key = '';
  if (type.includes('json') && response.status >= 400)
    key = (JSON.parse(text) as { key?: string }).key ?? '?';
  return `${role}=${response.status}${key ? `:${key}` : ''}`;
}

async function runRow(row: Row): Promise<string> {
  if (!row.serial) return (await Promise.all(ROLES.map((role) => cell(row, role)))).join(' ');
  // The roles the table refuses first, all at once; then those it expects to succeed, one by one, so
  // that what they change (a clash started by an acceptance, a deleted row, a queue joined) changes no
  // other cell's answer.
  const expected = new Map(row.expect.split(' ').map((c) => c.split('=') as [string, string]));
  const succeeds = (role: Role) => expected.get(role)?.startsWith('2') ?? false;
  if (row.key === 'DELETE /api/logs') {
    const rows = await env.DB.prepare('SELECT * FROM logs ORDER BY id').all();
    logsBeforeClearing = rows.results.map((r) => JSON.stringify(r));
  }
  const cells = new Map<Role, string>();
  const refused = ROLES.filter((r) => !succeeds(r));
  (await Promise.all(refused.map((role) => cell(row, role)))).forEach((c, i) => cells.set(refused[i], c));
  for (const role of ROLES.filter(succeeds)) cells.set(role, await cell(row, role));
  return ROLES.map((role) => cells.get(role)).join(' ');
}

describe('the authorization matrix', () => {
  it('has a row for every route the app registers, and no row for a route it does not', () => {
    const rows = ROWS.map((r) => r.key).sort();
    expect(rows).toEqual(appRoutes());
  });

  it('answers every role on every route as the table says', async () => {
    const differences: string[] = [];
    const reads = ROWS.filter((r) => r.key.startsWith('GET ') && !r.acts);
    const actual = new Map<string, string>();
    await Promise.all(reads.map(async (row) => actual.set(row.key, await runRow(row))));
    for (const row of ROWS.filter((r) => !reads.includes(r))) actual.set(row.key, await runRow(row));
    for (const row of ROWS) {
      const got = actual.get(row.key);
      if (got !== row.expect) differences.push(`${row.key}\n  expected ${row.expect}\n  actual   ${got}`);
    }
    expect(differences.join('\n')).toBe('');
  }, 400_000);

  it('answers every /api/dev route 404 outside development, whoever asks', async () => {
    const production = { ...env, ENVIRONMENT: 'production', SESSION_SECRET: DEV_SECRET };
    const dev = ROWS.filter((r) => r.key.includes(' /api/dev/'));
    expect(dev.length).toBeGreaterThan(0);
    const cells = await Promise.all(
      dev.flatMap((row) =>
        ROLES.map(async (role) => {
          const session = sessionOf(fx, role);
          const init = row.init?.(fx, role) ?? {};
          const headers = new Headers(init.headers);
          if (session) headers.set('Cookie', session.jar.header());
          const ctx = createExecutionContext();
          const response = await app.fetch(
            request((row.path ?? defaultPath(row.key))(fx, role), {
              ...init,
              method: row.key.split(' ')[0],
              headers,
            }),
            production,
            ctx,
          );
          await waitOnExecutionContext(ctx);
          const { key } = (await response.json()) as { key: string };
          return `${row.key} ${role}=${response.status}:${key}`;
        }),
      ),
    );
    expect(cells.filter((c) => !c.endsWith('=404:route-not-found'))).toEqual([]);
  });

  it('never answers, nor logs, a password, a hash, a salt, a token or a secret', async () => {
    expect(answers.length).toBeGreaterThan(ROWS.length * ROLES.length - 1);
    const secrets = new Map<string, string>([
      ['the test password', PASSWORD],
      ['the session secret', DEV_SECRET],
    ]);
    for (const session of Object.values(fx.sessions))
      for (const name of ['yamb_access', 'yamb_refresh']) {
        const value = session.jar.get(name);
        if (value) secrets.set(`${name} of ${session.player.name}`, decodeURIComponent(value));
      }
    // The cookies the run itself set (sign-ins, refreshes, migrations).
    for (const { where, cookies } of answers)
      for (const line of cookies) {
        const value = line.split(';')[0].split('=').slice(1).join('=');
        if (value.length >= 16) secrets.set(`cookie set for ${where}`, decodeURIComponent(value));
      }
    const stored = async (sql: string) =>
      (await env.DB.prepare(sql).all<{ v: string }>()).results.map((r) => r.v);
    for (const v of await stored('SELECT hash AS v FROM credentials UNION SELECT salt FROM credentials'))
      secrets.set('a credentials hash or salt', v);
    for (const v of await stored('SELECT secret AS v FROM daily_days')) secrets.set('a daily secret', v);
    for (const v of await stored(
      'SELECT token_hash AS v FROM sessions UNION SELECT token_hash FROM email_tokens',
    ))
      secrets.set('a stored token hash', v);
    expect([...secrets.values()].filter((v) => v.length < 8)).toEqual([]);

    const logs = (await env.DB.prepare('SELECT * FROM logs ORDER BY id').all()).results.map((r) =>
      JSON.stringify(r),
    );
    const texts = [
      ...answers.map((a) => ({ where: a.where, text: a.body })),
      ...[...logsBeforeClearing, ...logs].map((text, i) => ({ where: `log row ${i}`, text })),
    ];
    expect(texts.length).toBeGreaterThan(answers.length);
    const leaks: string[] = [];
    for (const { where, text } of texts)
      for (const [what, value] of secrets) if (text.includes(value)) leaks.push(`${what} in ${where}`);
    expect(leaks).toEqual([]);
  });
});
