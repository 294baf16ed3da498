import { Hono } from 'hono';
import { pageQuery } from '../../contract/page';
import { RATING_SORTS } from '../../contract/ratings';
import type { SessionVariables } from '../auth/session';
import { listRatings } from '../db/ratings';
import type { Env } from '../env';
import { page } from '../lib/hal';
import { toRatingEntry } from '../lib/resources/ratings';
import { readQuery } from '../lib/validate';

/** GET /api/ratings/: the rating tab, registered players with a rated clash, best first by default. */
export const ratingsRoutes = new Hono<{ Bindings: Env; Variables: SessionVariables }>().get(
  '/',
  async (c) => {
    const request = readQuery(c, pageQuery(RATING_SORTS, 'value'));
    const { rows, total } = await listRatings(c.var.db, request);
    return c.json(page('ratings', rows.map(toRatingEntry), request, total));
  },
);
