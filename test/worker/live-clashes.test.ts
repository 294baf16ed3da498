import { describe, expect, it } from 'vitest';
import { answer, createClash, players } from './clashes-helpers';
import { call, expectError, registerGuest } from './helpers';

// A clash room starts only for a clash of the D1 index; a pending clash opens only to its players, so no
// signed-in stranger can start rooms for made-up numbers or listen in on someone else's lobby. Once
// started, anyone may watch.

const upgrade = (clashId: number, cookie?: string) =>
  call(`/ws/clashes/${clashId}`, {
    headers: { Upgrade: 'websocket', ...(cookie ? { Cookie: cookie } : {}) },
  });

async function expectOpen(response: Response) {
  expect(response.status).toBe(101);
  response.webSocket?.accept();
  response.webSocket?.close();
}

describe('the clash socket', () => {
  it('is 404 clash-not-found for a clash that does not exist', async () => {
    const guest = await registerGuest();
    await expectError(await upgrade(987_654, guest.cookie), 404, 'clash-not-found');
  });

  it('is 404 for a signed-in player who is not in the pending clash: it is no clash to them', async () => {
    const [owner, invited, stranger] = await players(3);
    const clash = await createClash(owner, [invited]);
    await expectError(await upgrade(clash.id, stranger.cookie), 404, 'clash-not-found');
  });

  it('is 404 without a session while the clash is pending', async () => {
    const [owner, invited] = await players(2);
    const clash = await createClash(owner, [invited]);
    await expectError(await upgrade(clash.id), 404, 'clash-not-found');
  });

  it('opens for each player of the pending clash, invited ones included', async () => {
    const [owner, invited] = await players(2);
    const clash = await createClash(owner, [invited]);
    for (const player of [owner, invited]) await expectOpen(await upgrade(clash.id, player.cookie));
  });

  it('opens to anyone once the clash has started: strangers and the anonymous watch', async () => {
    const [owner, invited, stranger] = await players(3);
    const clash = await createClash(owner, [invited]);
    await answer(invited, clash.id, 'accept');
    await expectOpen(await upgrade(clash.id, stranger.cookie));
    await expectOpen(await upgrade(clash.id));
  });
});
