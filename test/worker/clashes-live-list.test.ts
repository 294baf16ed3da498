import { describe, expect, it } from 'vitest';
import type { LiveClashList } from '../../contract/liveClashes';
import { createClash, gameOf, players, startedClash, takeTurn } from './clashes-helpers';
import { call, json, registerGuest } from './helpers';

// "Live now" on /clashes (issue 25 item 27): GET /api/clashes/live lists the clashes being played, from the
// D1 index, for anyone to watch: no pending clash (its players' business), no finished one.

const live = async (cookie?: string) => {
  const response = await call('/clashes/live', cookie ? { headers: { Cookie: cookie } } : {});
  expect(response.status).toBe(200);
  return (await json<LiveClashList>(response))._embedded.clashes;
};

describe('the clashes being played (GET /api/clashes/live)', () => {
  it('lists a started clash with its players in turn order and who is on turn, to a visitor too', async () => {
    const {
      clash,
      players: [owner, other],
    } = await startedClash(2);
    const listed = (await live()).find((c) => c.id === clash.id);
    expect(listed).toEqual({
      id: clash.id,
      name: clash.name,
      players: [
        { id: owner.player.id, name: owner.player.name, bot: false },
        { id: other.player.id, name: other.player.name, bot: false },
      ],
      turnPlayerId: owner.player.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const guest = await registerGuest();
    expect((await live(guest.cookie)).some((c) => c.id === clash.id)).toBe(true);
  });

  it('follows the turn, and the latest moved clash comes first', async () => {
    const first = await startedClash(2);
    const second = await startedClash(2);
    await takeTurn(first.players[0], first.gameIds[0]);
    await expect
      .poll(async () => (await live()).find((c) => c.id === first.clash.id)?.turnPlayerId, { timeout: 5000 })
      .toBe(first.players[1].player.id);
    const ids = (await live()).map((c) => c.id);
    expect(ids.indexOf(first.clash.id)).toBeLessThan(ids.indexOf(second.clash.id));
    expect((await gameOf(first.players[1], first.gameIds[1])).status).toBe('IN_PROGRESS');
  });

  it('leaves out a pending clash', async () => {
    const [owner, invited] = await players(2);
    const pending = await createClash(owner, [invited], 'Not yet');
    expect((await live()).some((c) => c.id === pending.id)).toBe(false);
  });
});
