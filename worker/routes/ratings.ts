import { Hono } from 'hono';
import { RatingsQuery } from '../../contract/ratings';
import type { SessionVariables } from '../auth/session';
import { listRatings } from '../db/ratings';
import type { Env } from '../env';
import { page } from '../lib/hal';
import { toRatingEntry } from '../lib/resources/ratings';
import { readQuery } from '../lib/validate';

/**
 * GET /api/ratings/?preset=: the rating tab of a preset (CLASSIC unless given), registered players with a
 * rated clash of it, best first by default.
 */
export const ratingsRoutes = new Hono<{ Bindings: Env; Variables: SessionVariables }>().get(
  '/',
  async (c) => {
    const { preset, ...request } = readQuery(c, RatingsQuery);
    const { rows, total } = await listRatings(c.var.db, request, preset);
    return c.json(page('ratings', rows.map(toRatingEntry), request, total));
  },
);
