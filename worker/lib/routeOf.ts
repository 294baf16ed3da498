import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

/**
 * The route pattern a request was for, as `GET /api/games/:id`: the last handler the router matched (the
 * middleware, registered with `use`, match as ALL). A pattern, never the path, so a dataset groups by route
 * and no id or name lands in it; a path no route serves is `GET (no route)`.
 */
export function routeOf(c: Context): string {
  const handler = matchedRoutes(c).findLast((route) => route.method !== 'ALL');
  return handler ? `${handler.method} ${handler.path}` : `${c.req.method} (no route)`;
}
