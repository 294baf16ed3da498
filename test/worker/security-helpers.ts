import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { expect } from 'vitest';
import { app } from '../../worker/index';
import { createClash, startedClash } from './clashes-helpers';
import { startedDaily } from './daily-helpers';
import { currentGame, play } from './games-helpers';
import {
  call,
  type CallInit,
  CookieJar,
  fileForm,
  json,
  makeAdmin,
  moveToNewAddress,
  pngImage,
  registerGuest,
  registerPlayer,
  request,
  type Session,
} from './helpers';

// The security suite's cast and its ways of looking: who asks (nine roles), what they ask about (real
// resources they relate to differently), the routes the app has, and a fingerprint of D1.

export const ROLES = [
  'anonymous',
  'guest',
  'player',
  'another',
  'member',
  'nonMember',
  'watcher',
  'banned',
  'admin',
] as const;
export type Role = (typeof ROLES)[number];

/** The test passwords: no answer and no log row may carry them. */
export const PASSWORD = 'Secur1ty-Pa55word!';

export interface Fixtures {
  sessions: Record<Exclude<Role, 'anonymous'>, Session>;
  /** The player's solo game, the member's clash game, the player's daily game. */
  gameId: number;
  clashGameId: number;
  dailyGameId: number;
  /** A started clash: `member` owns it, `nonMember` plays in another one. */
  clashId: number;
  /**
   * Pending clashes with `player` invited, one each (one pending clash per owner and invitee):
   * to accept (`another` owns it), to decline (a player of no role owns it), to manage (`member` owns it).
   */
  pending: { accept: number; decline: number; manage: number };
  /** The player's notification, ticket, log row, a score, the player's avatar key. */
  notificationIds: Record<Role, number>;
  ticketIds: Record<Role, number>;
  logIds: Record<Role, number>;
  scoreId: number;
  avatarKey: string;
  /** A player nobody else uses, whom the admin bans and unbans. */
  banTargetId: number;
  /** Sockets kept open by the watcher for the whole run. */
  close(): void;
}

const signedIn = () => registerPlayer({ password: PASSWORD });

/** Inserts a notification for `playerId` (the clash and ticket flows make them too; this is one a test owns). */
async function notificationOf(playerId: number): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO notifications (player_id, kind, params, content, link, created_at)
     VALUES (?, 'ticket-status', '{"ticket":"t","status":"CLOSED"}', 'Ticket closed', '/tickets/1', ?) RETURNING id`,
  )
    .bind(playerId, Date.now())
    .first<{ id: number }>();
  return (row as { id: number }).id;
}

async function ticketOf(session: Session, title: string): Promise<number> {
  const response = await call('/tickets/', {
    method: 'POST',
    jar: session.jar,
    body: { playerId: session.player.id, title, description: 'Something broke', emailAddresses: [] },
  });
  expect(response.status).toBe(201);
  return (await json<{ id: number }>(response)).id;
}

async function logOf(playerId: number): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO logs (player_id, level, message, data, created_at) VALUES (?, 'INFO', 'security-fixture', '{}', ?) RETURNING id`,
  )
    .bind(playerId, Date.now())
    .first<{ id: number }>();
  return (row as { id: number }).id;
}

const perRole = async (make: (role: Role) => Promise<number>) => {
  const entries: [Role, number][] = [];
  for (const role of ROLES) entries.push([role, await make(role)]);
  return Object.fromEntries(entries) as Record<Role, number>;
};

/** Opens a socket that stays open; returns its closer. */
async function keepOpen(path: string, session: Session): Promise<() => void> {
  const response = await call(path, { headers: { Upgrade: 'websocket' }, jar: session.jar });
  expect(response.status, path).toBe(101);
  const ws = response.webSocket as WebSocket;
  ws.accept();
  return () => ws.close();
}

/** Every fixture the matrix points at, built through the public API (D1 only where there is no API). */
export async function buildFixtures(): Promise<Fixtures> {
  moveToNewAddress();
  const [guest, player, another, watcher, banned, admin, clash, other] = await Promise.all([
    registerGuest(),
    signedIn(),
    signedIn(),
    signedIn(),
    signedIn(),
    signedIn(),
    startedClash(2),
    startedClash(2),
  ]);
  const member = clash.players[0];
  const nonMember = other.players[0];
  await makeAdmin(admin.player.id);
  const banTarget = await signedIn();

  // The player's solo game with a roll in it, and their daily game.
  const game = await currentGame(player);
  await play(player, game.id, 'roll', {});
  const daily = await startedDaily(player);

  // The player's avatar (a real PNG through the upload route).
  const uploaded = await call(`/players/${player.player.id}/avatar`, {
    method: 'PUT',
    jar: player.jar,
    body: fileForm(await pngImage(300, 300)),
  });
  expect(uploaded.status).toBe(200);
  const avatarUrl = (await json<{ avatar: { url: string } }>(uploaded)).avatar.url;
  const avatarKey = avatarUrl.split('/').pop()?.split('?')[0] ?? '';

  // One score: the development seeding route makes a completed game with its score.
  const seeded = await call('/dev/seed/scores', { method: 'POST', body: { count: 1, days: 1 } });
  expect(seeded.status).toBe(200);
  const score = await env.DB.prepare('SELECT max(id) AS id FROM scores').first<{ id: number }>();

  // Banned without ending the tokens: the case where a still-valid access token meets the ban.
  await env.DB.prepare("UPDATE players SET status = 'BANNED' WHERE id = ?").bind(banned.player.id).run();

  const [accept, decline, manage] = await Promise.all(
    [another, await signedIn(), member].map(async (owner) => (await createClash(owner, [player])).id),
  );

  const closers = [
    await keepOpen(`/ws/games/${game.id}`, watcher),
    await keepOpen(`/ws/clashes/${clash.clash.id}`, watcher),
  ];
  return {
    sessions: { guest, player, another, member, nonMember, watcher, banned, admin },
    gameId: game.id,
    clashGameId: clash.gameIds[0],
    dailyGameId: daily.id,
    clashId: clash.clash.id,
    pending: { accept, decline, manage },
    notificationIds: await perRole(() => notificationOf(player.player.id)),
    ticketIds: await perRole((role) => ticketOf(player, `Ticket for ${role}`)),
    logIds: await perRole(() => logOf(player.player.id)),
    scoreId: (score as { id: number }).id,
    avatarKey,
    banTargetId: banTarget.player.id,
    close: () => closers.forEach((close) => close()),
  };
}

/** The session of a role, null for anonymous. */
export const sessionOf = (fx: Fixtures, role: Role): Session | null =>
  role === 'anonymous' ? null : fx.sessions[role];

/**
 * A request as `role`: its cookies (a copy: a route that sets cookies never changes the role's jar).
 *
 * It goes straight to the Worker's fetch handler (worker/index.ts's default export, the one SELF.fetch
 * calls), not through SELF: the test pool wraps its entrypoint once more on every request it dispatches, so
 * each SELF request of a file costs more than the one before (cloudflare/workers-sdk#15092), and these
 * suites send about 800 each (50 s each through SELF, 3 s this way; every hostile case was answered the
 * same both ways when this was changed).
 */
export async function callAs(fx: Fixtures, role: Role, path: string, init: CallInit = {}): Promise<Response> {
  const session = sessionOf(fx, role);
  const headers = new Headers(init.headers);
  if (session && !headers.has('Cookie')) headers.set('Cookie', session.jar.header());
  // Each request from an address of its own, so the per-address limits of sign-in and sign-up never bite.
  headers.set(
    'CF-Connecting-IP',
    `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  );
  return direct(request(path, { ...init, headers, jar: undefined }));
}

/**
 * `built` as it arrives over HTTP, answered by the Worker's handler: a body comes with its length
 * (Content-Length, which HTTP adds and the body-type check reads), a fresh execution context per request,
 * and the answer once its `waitUntil` work (log rows, index writes) is done too.
 */
async function direct(built: Request): Promise<Response> {
  let sent = built;
  if (built.body && !built.headers.has('Content-Length') && !built.headers.has('Transfer-Encoding')) {
    const bytes = await built.arrayBuffer();
    const headers = new Headers(built.headers);
    headers.set('Content-Length', String(bytes.byteLength));
    sent = new Request(built.url, { method: built.method, headers, body: bytes });
  }
  const ctx = createExecutionContext();
  const response = await app.fetch(sent, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** "GET /api/players/:id" for every handler the app registered (middleware, method ALL, left out). */
export function appRoutes(): string[] {
  const keys = app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`);
  return [...new Set(keys)].sort();
}

/** The app itself, for requests under other bindings (ENVIRONMENT: 'production'). */
export { app };

/** Tables that change on any request (or by themselves) and are left out of the fingerprint. */
export const VOLATILE_TABLES = ['logs', 'data_points', 'rate_limits', 'sessions', 'd1_migrations'];

/** Row count and a hash of every row of every other table: equal before and after means nothing changed. */
export async function fingerprint(): Promise<Record<string, string>> {
  const tables = (
    await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
    ).all<{ name: string }>()
  ).results
    .map((r) => r.name)
    .filter((name) => !VOLATILE_TABLES.includes(name));
  const out: Record<string, string> = {};
  for (const table of tables) {
    const rows = (await env.DB.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all()).results;
    const text = JSON.stringify(rows);
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
    out[table] =
      `${rows.length}:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  }
  return out;
}

export { CookieJar };

export { DEV_SECRET } from './helpers';
