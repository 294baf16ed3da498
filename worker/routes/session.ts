import { Hono } from 'hono';
import type { SessionResource } from '../../contract/players';
import { currentPlayer, refuseBanned, type SessionVariables } from '../auth/session';
import type { Env } from '../env';
import { toPlayerResource } from '../lib/resources/player';

/**
 * GET /api/session: the client's session probe (DESIGN.md "First visit"). A visitor without cookies is
 * no error: 200 with no player, so a first visit logs no failed request (`/api/players/me` keeps its
 * 401). An access token that has expired or was ended is still the 401 token-expired of the session
 * middleware, so the client refreshes and asks again rather than starting over as a new guest.
 */
export const sessionRoutes = new Hono<{ Bindings: Env; Variables: SessionVariables }>().get(
  '/',
  async (c) => {
    const me = await currentPlayer(c);
    if (me) refuseBanned(me);
    const body: SessionResource = { player: me ? toPlayerResource(me, me) : null };
    return c.json(body);
  },
);
