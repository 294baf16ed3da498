import i18n from '../i18n';

/** A failed call: the HTTP status and the server's stable `key` and translated `message`. */
export class ApiError extends Error {
  readonly status: number;
  readonly key: string;
  /** The parsed response body, when there was one (some endpoints, like /health, explain a 503 in it). */
  readonly body: unknown;

  constructor(status: number, key: string, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.key = key;
    this.body = body;
  }
}

export interface ApiInit extends Omit<RequestInit, 'body'> {
  /** A plain value is sent as JSON; FormData, Blob, URLSearchParams and strings are sent as they are. */
  body?: unknown;
}

/**
 * `/players/me` → `/api/players/me`. HAL hrefs from the server already start with /api and absolute
 * URLs are left alone, so a link can be followed as it is: `api(game._links.roll.href, ...)`.
 */
export function apiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const absolute = path.startsWith('/') ? path : `/${path}`;
  return absolute === '/api' || absolute.startsWith('/api/') || absolute.startsWith('/api?')
    ? absolute
    : `/api${absolute}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

function buildRequest(path: string, init: ApiInit): Request {
  const { body, headers: given, ...rest } = init;
  const headers = new Headers(given);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  headers.set('Accept-Language', i18n.language);
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) {
      payload = body;
    } else {
      payload = JSON.stringify(body);
      headers.set('Content-Type', 'application/json');
    }
  }
  return new Request(apiUrl(path), { ...rest, headers, body: payload, credentials: 'include' });
}

/**
 * Calls that answer a 401 about credentials themselves (a refresh would be pointless or loop), or that
 * set new credentials from something else than the cookies (migrate takes the legacy bearer token).
 */
const NO_REFRESH = new Set(['/api/auth/refresh', '/api/auth/token', '/api/auth/logout', '/api/auth/migrate']);

/** Held across the tabs of this browser while one of them refreshes (they share the cookies). */
const REFRESH_LOCK = 'yamb-refresh';

/** The refresh in flight in this tab, shared by every request that got a 401 meanwhile (SPEC section 4). */
let refreshing: Promise<boolean> | null = null;
/**
 * Counts finished refreshes, failed ones too, with the outcome of the latest: a 401 to a request sent
 * before the latest refresh takes that outcome (a replay, or the same failure) instead of starting another.
 */
let refreshes = 0;
let refreshedOk = false;
/**
 * The answer of the latest refresh when it was refused: a request the refresh could not save answers
 * with it instead of its own 401, so whoever reads the error learns why the session ended
 * (worker/auth/sessionEnd.ts: expired, password changed, ended elsewhere, banned).
 */
let refusal: { status: number; body: string } | null = null;

/** The refusals of a refresh that say the session is over for good, and why (worker/auth/sessionEnd.ts). */
export const SESSION_ENDINGS = new Set([
  'session-expired',
  'session-password-changed',
  'session-revoked',
  'player-banned',
]);

const sessionEndListeners = new Set<(ending: ApiError) => void>();

/**
 * Calls `listener` when a refresh is refused because the session is over (SESSION_ENDINGS), whichever
 * call of the tab met it: the session signs the tab out and says why. Returns the unsubscribe.
 */
export function onSessionEnded(listener: (ending: ApiError) => void): () => void {
  sessionEndListeners.add(listener);
  return () => {
    sessionEndListeners.delete(listener);
  };
}

/** The key of a call that failed because the browser is offline (navigator.onLine false). */
export const OFFLINE = 'offline';

/** Whether `error` is a call that failed because the browser is offline. */
export const isOffline = (error: unknown): boolean => error instanceof ApiError && error.key === OFFLINE;

async function fetchOrFail(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    // An abort is the caller's doing (react-query cancels stale queries): let it through unchanged.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // No connection at all: the screens that need the server say so, rather than "try again".
    if (typeof navigator !== 'undefined' && navigator.onLine === false)
      throw new ApiError(0, OFFLINE, i18n.t('pwa.offlineError'));
    throw new ApiError(0, 'network-error', i18n.t('app.errors.network'));
  }
}

function authRequest(from: Request, path: string, method: string): Request {
  return new Request(new URL(path, from.url), {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', 'Accept-Language': i18n.language },
  });
}

/** Sends `request` and drains the answer (the player it carries is fetched by whoever needs it); true on 2xx. */
async function succeeds(request: Request): Promise<boolean> {
  const response = await fetchOrFail(request);
  await response.body?.cancel();
  return response.ok;
}

/** POST /api/auth/refresh; true on 2xx, else its refusal is kept for the requests it fails. */
async function refreshOnce(from: Request): Promise<boolean> {
  const response = await fetchOrFail(authRequest(from, '/api/auth/refresh', 'POST'));
  if (response.ok) {
    await response.body?.cancel();
    refusal = null;
    return true;
  }
  // Only a refusal speaks about the session; a failure of the server's own (5xx) leaves the 401 as it was.
  const refused = response.status === 401 || response.status === 403;
  refusal = refused ? { status: response.status, body: await response.text() } : null;
  if (!refused) await response.body?.cancel();
  const ending = refusal ? errorFrom(response, parsed(refusal.body)) : null;
  if (ending && SESSION_ENDINGS.has(ending.key)) for (const listener of sessionEndListeners) listener(ending);
  return false;
}

/**
 * POST /api/auth/refresh while holding the cross-tab lock. Waiting for the lock means another tab was
 * refreshing: once it is ours, a quick GET /api/players/me tells whether the cookies it set already
 * do, and then nothing more is needed (a second refresh with the rotated token would be a reuse).
 */
async function refreshHoldingLock(from: Request): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return refreshOnce(from);
  const first = await locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) =>
    lock ? refreshOnce(from) : null,
  );
  if (first !== null) return first;
  return locks.request(REFRESH_LOCK, async () => {
    if (await succeeds(authRequest(from, '/api/players/me', 'GET')).catch(() => false)) return true;
    return refreshOnce(from);
  });
}

/** One refresh for any number of callers in this tab; true when the cookies are good again. */
function refresh(from: Request): Promise<boolean> {
  if (!refreshing) {
    // A network failure is no answer about the session: it is thrown to the callers, and not counted.
    refreshing = refreshHoldingLock(from)
      .then((ok) => {
        refreshes++;
        refreshedOk = ok;
        return ok;
      })
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

/**
 * Sends one request. This is the single place a response is received, so the token refresh lives here:
 * on a 401 (once per request) every caller queues behind one POST /api/auth/refresh, then sends a copy of
 * its request again. When the refresh fails, each queued request fails with its own 401.
 */
async function send(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (NO_REFRESH.has(path)) return fetchOrFail(request);
  // A body can be read once: the copy for the replay is taken before the first send.
  const replay = request.clone();
  const sentAfter = refreshes;
  const response = await fetchOrFail(request);
  if (response.status !== 401) return response;
  // A refresh that finished while this request was out decides for it: its new cookie only needs a
  // replay, and its failure is this request's failure too (no second refresh right behind a failed one).
  const renewed = refreshes !== sentAfter ? refreshedOk : await refresh(request);
  if (renewed) {
    await response.body?.cancel();
    return fetchOrFail(replay);
  }
  if (!refusal) return response;
  await response.body?.cancel();
  return new Response(refusal.body, {
    status: refusal.status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function readBody(response: Response): Promise<{ text: string; data: unknown }> {
  const text = await response.text();
  if (!text) return { text, data: undefined };
  try {
    return { text, data: JSON.parse(text) };
  } catch {
    return { text, data: undefined };
  }
}

function errorFrom(response: Response, data: unknown): ApiError {
  const body = (data ?? {}) as Partial<Record<'message' | 'key', unknown>>;
  const message =
    typeof body.message === 'string' && body.message
      ? body.message
      : i18n.t('app.errors.http', { status: response.status });
  const key = typeof body.key === 'string' && body.key ? body.key : `http-${response.status}`;
  return new ApiError(response.status, key, message, data);
}

/** Calls the API and returns the parsed JSON (undefined for an empty reply); throws ApiError. */
export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const response = await send(buildRequest(path, init));
  const { text, data } = await readBody(response);
  if (!response.ok) throw errorFrom(response, data);
  // A 200 that is not JSON is the SPA's index.html: the API route does not exist (yet).
  if (text && data === undefined) {
    throw new ApiError(response.status, 'response-invalid', i18n.t('app.errors.responseInvalid'));
  }
  return data as T;
}

/** What a toast or a form says about any failure: the server's message, else the error's own. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('app.errors.unexpected');
}
