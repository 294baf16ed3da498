import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { SessionResource } from '../../contract/players';
import { currentPlayer, REFRESH_COOKIE, refuseBanned, type SessionVariables } from '../auth/session';
import type { Env } from '../env';
import { embeddedCurrentGame } from '../lib/currentGame';
import { unauthorized } from '../lib/errors';
import { humanCheckEnabled } from '../lib/humanCheck';
import { playerResource } from '../lib/playerResource';

/**
 * GET /api/auth/session: the client's session probe (DESIGN.md "First visit"). A visitor without cookies
 * is no error: 200 with no player, so a first visit logs no failed request (`/api/players/me` keeps its
 * 401). An access token that has expired or was ended is still the 401 token-expired of the session
 * middleware, and so is a refresh cookie without an access cookie (a browser that lost it): the client
 * refreshes and asks again rather than starting over as a new guest. The probe lives under /api/auth
 * because the refresh cookie is sent there only. With no player it carries the human-check fields of
 * /api/health, so the guest registration that follows starts at once; with a player and
 * `?embed=currentGame` (the play screen's start), their current game, so the first roll waits on nothing else.
 */
export const sessionRoutes = new Hono<{ Bindings: Env; Variables: SessionVariables }>().get(
  '/',
  async (c) => {
    const me = await currentPlayer(c);
    if (!me && getCookie(c, REFRESH_COOKIE)) throw unauthorized('token-expired');
    if (me) refuseBanned(me);
    const currentGame = me ? await embeddedCurrentGame(c.env, c.var.db, me, c.req.query('embed')) : undefined;
    const body: SessionResource = me
      ? {
          player: await playerResource(c.var.db, me, me),
          ...(currentGame ? { _embedded: { currentGame } } : {}),
        }
      : {
          player: null,
          humanCheck: humanCheckEnabled(c.env) ? 'on' : 'off',
          turnstileSiteKey: c.env.TURNSTILE_SITE_KEY,
        };
    return c.json(body);
  },
);
