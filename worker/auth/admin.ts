import type { PlayerRow } from '../db/schema';
import { forbidden } from '../lib/errors';
import { type AppContext, requirePlayer } from './session';

/**
 * The signed-in admin: 401 without a session, 403 `admin-only` for everyone else (logged as a refusal by
 * lib/errors.ts). The flag is read from the player's row on each request, so granting or taking it holds at once.
 */
export async function requireAdmin(c: AppContext): Promise<PlayerRow> {
  const me = await requirePlayer(c);
  if (!me.admin) throw forbidden('admin-only');
  return me;
}
