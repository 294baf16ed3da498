import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, expectError, registerGuest } from './helpers';

// A clash room starts only for a clash of the D1 index, and opens only to its players: no signed-in
// stranger can start rooms for made-up numbers or listen in on someone else's clash.

/** A clash of these players, written straight into D1: clashes have no API yet. */
async function clashOf(...playerIds: number[]): Promise<number> {
  const clash = await env.DB.prepare("INSERT INTO clashes (name, owner_id) VALUES ('Story', ?) RETURNING id")
    .bind(playerIds[0])
    .first<{ id: number }>();
  if (!clash) throw new Error('no clash');
  for (const [position, playerId] of playerIds.entries())
    await env.DB.prepare('INSERT INTO clash_players (clash_id, player_id, position) VALUES (?, ?, ?)')
      .bind(clash.id, playerId, position)
      .run();
  return clash.id;
}

const upgrade = (clashId: number, cookie?: string) =>
  call(`/ws/clashes/${clashId}`, {
    headers: { Upgrade: 'websocket', ...(cookie ? { Cookie: cookie } : {}) },
  });

describe('the clash socket', () => {
  it('is 404 clash-not-found for a clash that does not exist', async () => {
    const guest = await registerGuest();
    await expectError(await upgrade(987_654, guest.cookie), 404, 'clash-not-found');
  });

  it('is 403 for a signed-in player who is not in the clash', async () => {
    const [owner, invited, stranger] = await Promise.all([registerGuest(), registerGuest(), registerGuest()]);
    const clashId = await clashOf(owner.player.id, invited.player.id);
    await expectError(await upgrade(clashId, stranger.cookie), 403, 'forbidden');
  });

  it('is 401 without a session', async () => {
    const owner = await registerGuest();
    await expectError(await upgrade(await clashOf(owner.player.id)), 401, 'unauthorized');
  });

  it('opens for each player of the clash, invited ones included', async () => {
    const [owner, invited] = await Promise.all([registerGuest(), registerGuest()]);
    const clashId = await clashOf(owner.player.id, invited.player.id);
    for (const player of [owner, invited]) {
      const response = await upgrade(clashId, player.cookie);
      expect(response.status).toBe(101);
      response.webSocket?.accept();
      response.webSocket?.close();
    }
  });
});
