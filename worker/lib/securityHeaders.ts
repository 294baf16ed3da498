import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * The headers of every API answer, errors and 404s included: JSON is never sniffed into a document, never
 * framed, and loads nothing if it is ever opened as one. The SPA's own answers (index.html, the bundles)
 * come from the static assets without running the Worker; their policy is the `_headers` file that
 * vite.config.ts writes at build time.
 */
const apply = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  // HSTS belongs to the zone (Cloudflare's edge settings), which knows whether every subdomain is HTTPS.
  strictTransportSecurity: false,
});

/**
 * Sets them once the route has answered. A 101 is the room's own answer, whose headers are immutable (setting
 * one throws, and the socket would be a 500); a switched protocol has no document to protect anyway.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status !== 101) await apply(c, async () => {});
};
