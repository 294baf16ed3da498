import { describe, expect, it } from 'vitest';
import { call, expectError, makeAdmin, registerGuest, registerPlayer, type Session } from './helpers';

// Every admin route answers 403 admin-only to a signed-in non-admin (a hidden link is no protection),
// and 401 to a visitor without a session.

const ADMIN_ROUTES: [method: string, path: string, body?: unknown][] = [
  ['GET', '/logs/'],
  ['GET', '/logs/?sort=level&order=asc'],
  ['DELETE', '/logs/'],
  ['DELETE', '/logs/1'],
  ['GET', '/metrics'],
  ['PATCH', '/tickets/1', { status: 'CLOSED' }],
  ['DELETE', '/tickets/1'],
  ['DELETE', '/games/1'],
  ['GET', '/clashes/?all=true'],
];

describe('admin routes', () => {
  it.each(ADMIN_ROUTES)(
    '%s %s: 403 admin-only to a player and a guest, 401 to a visitor',
    async (method, path, body) => {
      const player = await registerPlayer();
      const guest = await registerGuest();
      for (const session of [player, guest] as Session[])
        await expectError(await call(path, { method, body, jar: session.jar }), 403, 'admin-only');
      await expectError(await call(path, { method, body }), 401, 'unauthorized');
    },
  );

  it('answer an admin', async () => {
    const boss = await registerPlayer();
    await makeAdmin(boss.player.id);
    for (const path of ['/logs/', '/metrics', '/clashes/?all=true', '/tickets/'])
      expect((await call(path, { jar: boss.jar })).status, path).toBe(200);
  });
});
