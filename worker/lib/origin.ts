import type { Context, MiddlewareHandler } from 'hono';
import { forbidden } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when the request carries an Origin that is not the address it came to. The comparison is with
 * the request's own URL only: X-Forwarded-Host and the like are set by whoever sends the request.
 * An unparsable Origin is foreign; a missing one (curl, server-to-server) is not.
 */
export function foreignOrigin(c: Context): boolean {
  const origin = c.req.header('Origin');
  if (!origin || origin === 'null') return false;
  try {
    return new URL(origin).host !== new URL(c.req.url).host;
  } catch {
    return true;
  }
}

/**
 * Refuses state-changing requests sent by another site's page. Browsers always send Origin on
 * such fetches; requests without it (curl, server-to-server) carry no ambient cookies from a page.
 */
export const sameOrigin: MiddlewareHandler = async (c, next) => {
  if (!SAFE.has(c.req.method) && foreignOrigin(c)) throw forbidden('origin-invalid');
  await next();
};
