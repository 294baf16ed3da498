import { Hono } from 'hono';
import { PreferencesBody } from '../../contract/players';
import type { SessionVariables } from '../auth/session';
import { findPreferences, savePreferences } from '../db/preferences';
import type { Env } from '../env';
import { notFound } from '../lib/errors';
import { readJson } from '../lib/validate';
import { ownAccount } from './pathPlayer';

type Preferences = { Bindings: Env; Variables: SessionVariables };

/** A player's preferences (/api/players/:id/preferences), the player's own only. */
export const preferencesRoutes = new Hono<Preferences>()
  // No row yet is a 404 on purpose: the client then sends its local choices (SPEC.md section 4).
  .get('/:id/preferences', async (c) => {
    const me = await ownAccount(c);
    const preferences = await findPreferences(c.var.db, me.id);
    if (!preferences) throw notFound('preferences-not-found');
    return c.json(preferences);
  })
  .put('/:id/preferences', async (c) => {
    const me = await ownAccount(c);
    const preferences = await readJson(c, PreferencesBody);
    return c.json(await savePreferences(c.var.db, me.id, preferences));
  });
