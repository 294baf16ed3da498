import type { PlayerRow } from '../db/schema';
import { type AppContext, requirePlayer } from '../auth/session';
import { findPlayer } from '../db/players';
import { forbidden, notFound } from '../lib/errors';
import { pathId } from '../lib/validate';

// The player an /api/players/:id path names, as the route groups mounted there (players.ts, account.ts,
// preferences.ts, playerActivity.ts, playerModeration.ts, playerNotifications.ts) take them.

/** The player of the path: 404 player-not-found when there is none. */
export async function pathPlayer(c: AppContext, id = pathId(c)): Promise<PlayerRow> {
  const player = await findPlayer(c.var.db, id);
  if (!player) throw notFound('player-not-found');
  return player;
}

/** The signed-in player, when the path's player is them: only they change their own account. */
export async function ownAccount(c: AppContext): Promise<PlayerRow> {
  const me = await requirePlayer(c);
  if (me.id !== pathId(c)) throw forbidden();
  return me;
}
