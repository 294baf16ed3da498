import type { MiddlewareHandler } from 'hono';

/** One JSON line per API request, for `wrangler tail` and the local console. */
export const requestLog: MiddlewareHandler = async (c, next) => {
  const started = performance.now();
  await next();
  const ms = Math.round((performance.now() - started) * 10) / 10;
  console.log(JSON.stringify({ method: c.req.method, path: c.req.path, status: c.res.status, ms }));
};
