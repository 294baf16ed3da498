import { describe, expect, it } from 'vitest';
import { expectSilence, type Socket, socket, startedClash } from './clashes-helpers';
import { currentGame } from './games-helpers';
import { call, type Session, signIn } from './helpers';

// A clash socket opened before a sign-out or a password change once kept working, and
// its reactions reached the other members. Every socket of the player opened with a token that ended
// closes (4001, like the presence channel), and nothing sent on it is passed on.

/** The clash's socket as each player, greeted; Ana's tab is the one that must hear nothing. */
async function openClash(clashId: number, ana: Session, ben: Session) {
  const anaTab = await socket(`clashes/${clashId}`, ana);
  const benTab = await socket(`clashes/${clashId}`, ben);
  await anaTab.next();
  await benTab.next();
  return { anaTab, benTab };
}

/** Sends a reaction on a socket that may be closed already (a client does not know until it hears). */
function react(tab: Socket) {
  try {
    tab.send({ type: 'REACTION', content: 'party' });
  } catch {
    // Closed: nothing left the client.
  }
}

describe('a socket outlives no ending of its token', () => {
  it('after sign-out: the clash and game sockets close with 4001 and a reaction reaches nobody', async () => {
    const {
      clash,
      players: [ana, ben],
      gameIds: [, benGame],
    } = await startedClash(2);
    const { anaTab, benTab } = await openClash(clash.id, ana, ben);
    const gameTab = await socket(`games/${benGame}`, ben);
    const solo = await currentGame(ben);
    const soloTab = await socket(`games/${solo.id}`, ben);
    expect((await call('/auth/logout', { method: 'POST', jar: ben.jar })).status).toBe(204);
    expect((await benTab.closed).code).toBe(4001);
    expect((await gameTab.closed).code).toBe(4001);
    expect((await soloTab.closed).code).toBe(4001);
    react(benTab);
    await expectSilence(anaTab, 300);
    // Ana's own socket is untouched: her reaction still goes round.
    anaTab.send({ type: 'REACTION', content: 'clover' });
    expect(await anaTab.next()).toMatchObject({
      type: 'REACTION',
      content: 'clover',
      playerId: ana.player.id,
    });
    anaTab.close();
  });

  it('after a password change: the old sockets close, one opened with the new token works', async () => {
    const {
      clash,
      players: [ana, ben],
    } = await startedClash(2);
    const { anaTab, benTab } = await openClash(clash.id, ana, ben);
    // Another device of Ben's, signed in before the change.
    const phone = await signIn(ben.player.name, 'secret123');
    const phoneTab = await socket(`clashes/${clash.id}`, phone);
    await phoneTab.next();
    const changed = await call('/auth/password-reset', {
      method: 'PUT',
      jar: ben.jar,
      body: { oldPassword: 'secret123', newPassword: 'secret456' },
    });
    expect(changed.status).toBe(200);
    expect((await benTab.closed).code).toBe(4001);
    expect((await phoneTab.closed).code).toBe(4001);
    react(benTab);
    react(phoneTab);
    await expectSilence(anaTab, 300);
    // The browser that changed it holds a new token: its new socket is a member's like before.
    const fresh = await socket(`clashes/${clash.id}`, ben);
    await fresh.next();
    fresh.send({ type: 'REACTION', content: 'violin' });
    expect(await anaTab.next()).toMatchObject({
      type: 'REACTION',
      content: 'violin',
      playerId: ben.player.id,
    });
    anaTab.close();
    fresh.close();
  });
});
