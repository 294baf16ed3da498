import type { Context, MiddlewareHandler } from 'hono';
import { mediaType } from './body';
import { AppError, forbidden } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when a browser says the request comes from a page that is not ours. Origin must be the app's own
 * scheme, host and port, compared with the request's own URL only (X-Forwarded-Host and the like are set
 * by whoever sends the request). `Origin: null` is foreign: Chromium sends it after a cross-site redirect
 * (a 307 from an attacker's server keeps the method and body) and from sandboxed frames, exactly the
 * pages that must not act for the user. `Sec-Fetch-Site` other than same-origin (or `none`, a user's own
 * navigation) is foreign too. A request with neither header (curl, a server) carries no page's cookies.
 */
export function foreignOrigin(c: Context): boolean {
  const site = c.req.header('Sec-Fetch-Site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = c.req.header('Origin');
  if (origin === undefined) return false;
  try {
    return new URL(origin).origin !== new URL(c.req.url).origin;
  } catch {
    // 'null' and anything unparsable.
    return true;
  }
}

/** Refuses state-changing requests sent by another site's page. */
export const sameOrigin: MiddlewareHandler = async (c, next) => {
  if (!SAFE.has(c.req.method) && foreignOrigin(c)) throw forbidden('origin-invalid');
  await next();
};

/**
 * A body on an unsafe method must be JSON, except where a route takes an upload (`multipart/form-data`
 * on the avatar route, which checks its own type). A cross-site form can only send text/plain, urlencoded
 * or multipart bodies without a preflight, so even a request the origin check could not judge carries no
 * JSON an API route would read. A request with no body and no Content-Type is fine (logout, undo).
 */
export const jsonBodies: MiddlewareHandler = async (c, next) => {
  if (!SAFE.has(c.req.method)) {
    const type = mediaType(c.req.header('Content-Type'));
    const hasBody =
      Number(c.req.header('Content-Length') ?? '0') > 0 || c.req.header('Transfer-Encoding') !== undefined;
    const allowed =
      type === 'application/json' || (type === 'multipart/form-data' && UPLOADS.test(c.req.path));
    if ((type !== '' || hasBody) && !allowed) throw new AppError(415, 'content-type-invalid');
  }
  await next();
};

/** The one route that takes a file. */
const UPLOADS = /^\/api\/players\/\d+\/avatar\/?$/;
