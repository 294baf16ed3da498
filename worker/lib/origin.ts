import type { MiddlewareHandler } from 'hono';
import { forbidden } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site's page. Browsers always send Origin on
 * such fetches; requests without it (curl, server-to-server) carry no ambient cookies from a page.
 */
export const sameOrigin: MiddlewareHandler = async (c, next) => {
  const origin = c.req.header('Origin');
  if (!SAFE.has(c.req.method) && origin && origin !== 'null') {
    const host = c.req.header('X-Forwarded-Host') ?? c.req.header('Host') ?? new URL(c.req.url).host;
    let originHost = '';
    try {
      originHost = new URL(origin).host;
    } catch {
      // An unparsable Origin is treated as foreign.
    }
    if (originHost !== host) throw forbidden('origin-invalid');
  }
  await next();
};
