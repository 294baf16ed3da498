import { Hono } from 'hono';
import { AVATAR_KEY } from '../db/avatars';
import type { Env } from '../env';
import { notFound } from '../lib/errors';

/**
 * Avatar images. A key never changes content (a new upload gets a new key), so caches may keep it forever.
 * The bytes are a user's upload served from our origin: even checked, they are only ever an image here.
 * The type is fixed and never sniffed, and a direct visit shows a picture, not a page (the API's CSP,
 * lib/securityHeaders.ts, would leave such a page nothing to run anyway).
 */
export const avatars = new Hono<{ Bindings: Env }>().get('/:key', async (c) => {
  const key = c.req.param('key');
  if (!AVATAR_KEY.test(key)) throw notFound();
  // With the request's headers as conditions, R2 answers an If-None-Match it satisfies without a body.
  const object = await c.env.AVATARS.get(key, { onlyIf: c.req.raw.headers });
  if (!object) throw notFound();
  const headers = new Headers({
    'Content-Type': 'image/png',
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': 'inline; filename="avatar.png"',
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: object.httpEtag,
  });
  if (!('body' in object)) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(object.size));
  return new Response(object.body, { headers });
});
