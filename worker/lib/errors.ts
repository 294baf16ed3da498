import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../../contract/errors';
import { errorMessage, pickLanguage } from './i18n';
import { log } from './log';

/** The one error type of the API: a status and a stable key; the message is looked up in the caller's language. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly key: string,
    readonly headers: Record<string, string> = {},
    /** Fields the body carries beside `message` and `key` (contract/errors.ts `ErrorBody`). */
    readonly details: Omit<ErrorBody, 'message' | 'key'> = {},
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key = 'input-invalid') => new AppError(400, key);
export const unauthorized = (key = 'unauthorized') => new AppError(401, key);
export const forbidden = (key = 'forbidden') => new AppError(403, key);
export const notFound = (key = 'not-found') => new AppError(404, key);
export const conflict = (key: string) => new AppError(409, key);

/**
 * D1's words for "could not be reached" (developers.cloudflare.com/d1/observability/debug-d1, the errors
 * whose recommended action is a retry). A constraint or syntax error is also a D1_ERROR, but a bug of ours:
 * that stays a 500.
 */
const D1_UNREACHABLE = [
  'Network connection lost',
  'storage caused object to be reset',
  'reset because its code was updated',
  'D1 DB is overloaded',
  'Cannot resolve D1 DB due to transient issue',
  'storage operation exceeded timeout',
];

/**
 * Whether `error` (or what it wraps: drizzle puts D1's error in `cause`) says D1 could not be reached.
 * The one place that tells an outage from a failure: the API answers it 503 database-unavailable.
 */
export function databaseUnavailable(error: unknown): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    const { message } = at;
    if (D1_UNREACHABLE.some((words) => message.includes(words))) return true;
  }
  return false;
}

/** What a request whose D1 call failed answers: 503, try again later (Retry-After in seconds). */
export const databaseDown = () => new AppError(503, 'database-unavailable', { 'Retry-After': '10' });

export function errorBody(c: Context, key: string) {
  return { message: errorMessage(pickLanguage(c.req.header('Accept-Language')), key), key };
}

export function handleError(error: unknown, c: Context) {
  // A refusal by the rules never reaches here: the rooms turn it into a 409 result before answering over RPC.
  if (error instanceof AppError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    // Every permission refusal is a security event. A cross-site one (origin-invalid) is refused before
    // the session is read, so its row names the foreign page instead of a player.
    if (error.status === 403) {
      const data: Record<string, unknown> = { key: error.key, method: c.req.method, path: c.req.path };
      if (error.key === 'origin-invalid') {
        data.origin = c.req.header('Origin') ?? null;
        data.fetchSite = c.req.header('Sec-Fetch-Site') ?? null;
      }
      log(c, { level: 'WARN', message: 'forbidden', data });
    }
    return c.json({ ...errorBody(c, error.key), ...error.details }, error.status);
  }
  // D1 down is an outage to name, not a server error: sign-in, lists and new games wait for it, while a
  // game in progress goes on in its room (worker/rooms.ts `gameHome`).
  if (databaseUnavailable(error)) {
    // The console only: the log's rows are in D1 too.
    console.warn(JSON.stringify({ level: 'WARN', message: 'database-unavailable', path: c.req.path }));
    return handleError(databaseDown(), c);
  }
  // Logged with its stack for the operator; the client gets a generic message only.
  const stack = String((error as Error)?.stack ?? error);
  console.error(JSON.stringify({ level: 'ERROR', path: c.req.path, error: stack }));
  log(c, {
    level: 'ERROR',
    message: 'server-error',
    data: { method: c.req.method, path: c.req.path, error: stack },
  });
  return c.json(errorBody(c, 'internal'), 500);
}
