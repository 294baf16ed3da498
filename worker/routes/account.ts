import { Hono } from 'hono';
import { EmailChangeBody, UsernameBody } from '../../contract/account';
import { countMail, mailVerification } from '../auth/mails';
import type { SessionVariables } from '../auth/session';
import { replaceAvatarKey, storeAvatar } from '../db/avatars';
import type { Database } from '../db/client';
import { nameTaken, uniqueViolationKey, updatePlayer } from '../db/players';
import type { PlayerRow } from '../db/schema';
import type { Env } from '../env';
import { checkAvatar, readAvatarUpload } from '../lib/avatarUpload';
import { sameAddress } from '../lib/email';
import { conflict, notFound } from '../lib/errors';
import { playerResource } from '../lib/playerResource';
import { readJson } from '../lib/validate';
import { ownAccount } from './pathPlayer';

type Account = { Bindings: Env; Variables: SessionVariables };

/** A name or e-mail change; the unique indexes settle a race the pre-check missed. */
async function changeAccount(db: Database, me: PlayerRow, changes: Parameters<typeof updatePlayer>[2]) {
  let row: PlayerRow | null;
  try {
    row = await updatePlayer(db, me.id, changes);
  } catch (error) {
    const key = uniqueViolationKey(error);
    throw key ? conflict(key) : error;
  }
  if (!row) throw notFound('player-not-found');
  return row;
}

/** What a player changes of their own account (/api/players/:id/...): name, e-mail address, avatar. */
export const accountRoutes = new Hono<Account>()
  .put('/:id/username', async (c) => {
    const db = c.var.db;
    const me = await ownAccount(c);
    const { username } = await readJson(c, UsernameBody);
    if (await nameTaken(db, username, me.id)) throw conflict('username-taken');
    return c.json(await playerResource(c.var.db, await changeAccount(db, me, { name: username }), me));
  })
  // A new address starts unverified and gets a verification mail; the same address again changes nothing.
  // Any address may be typed (it claims nothing until verified), so the answer never says whether it is
  // someone else's; every new address is counted against the inbox, the caller's address and the account.
  .put('/:id/email', async (c) => {
    const db = c.var.db;
    const me = await ownAccount(c);
    const { email } = await readJson(c, EmailChangeBody);
    if ((email ?? null) === me.email) return c.json(await playerResource(c.var.db, me, me));
    const unchanged = sameAddress(email, me.email);
    if (email && !unchanged) await countMail(c, email, me);
    const row = await changeAccount(db, me, {
      email: email ?? null,
      emailVerified: unchanged ? me.emailVerified : false,
    });
    if (email && !unchanged) await mailVerification(c, db, row, email);
    return c.json(await playerResource(c.var.db, row, me));
  })
  // A multipart `file`: the client's 300x300 PNG crop, checked by its bytes, stored in R2 under a new
  // key. Uploads at the same time each store their file; the player row settles which one stays (a
  // compare-and-set on the key they read), and whichever object it no longer points at is deleted.
  .put('/:id/avatar', async (c) => {
    const me = await ownAccount(c);
    const bytes = await readAvatarUpload(c.req.raw);
    await checkAvatar(bytes);
    const key = await storeAvatar(c.env.AVATARS, me.id, bytes);
    let row: PlayerRow | null;
    try {
      row = await replaceAvatarKey(c.var.db, me.id, me.avatarKey, key);
    } catch (error) {
      await c.env.AVATARS.delete(key);
      throw error;
    }
    if (!row) {
      await c.env.AVATARS.delete(key);
      throw conflict('avatar-changed');
    }
    if (me.avatarKey) await c.env.AVATARS.delete(me.avatarKey);
    return c.json(await playerResource(c.var.db, row, me));
  });
