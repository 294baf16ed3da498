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
 * Sends one request. This is the single place a response is received: the token refresh of the
 * accounts work goes here (on a 401, once per request: queue behind one POST /api/auth/refresh, then
 * send a clone of `request` again; if the refresh fails, every queued request fails).
 */
async function send(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    // An abort is the caller's doing (react-query cancels stale queries): let it through unchanged.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network-error', i18n.t('app.errors.network'));
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
