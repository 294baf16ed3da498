import { describe, expect, it } from 'vitest';
import type { GameResource } from '../../contract/games';
import type { GuestResource, SessionResource } from '../../contract/players';
import { currentGame, play } from './games-helpers';
import { call, CookieJar, json, registerGuest } from './helpers';

// Issue 26: the play screen's first roll waits on no request of its own. Asked with `?embed=currentGame`,
// the guest registration and the session probe carry the player's current game, the very one
// PUT /api/games/ answers, so a new visitor rolls after two round trips and a returning player after one.

describe('the current game embedded in the session answers', () => {
  it('comes with a new guest, ready to roll, and is the game the play screen would get', async () => {
    const jar = new CookieJar();
    const response = await call('/auth/register-guest?embed=currentGame', { method: 'POST', jar, body: {} });
    expect(response.status).toBe(201);
    const guest = await json<GuestResource>(response);
    const game = guest._embedded?.currentGame as GameResource;
    expect(game).toMatchObject({ player: { id: guest.id }, rollCount: 0, status: 'IN_PROGRESS' });
    expect(game._links.roll?.href).toBeTruthy();

    const session = { jar, player: guest, cookie: jar.header() };
    expect((await currentGame(session)).id).toBe(game.id);
    expect((await play(session, game.id, 'roll')).rollCount).toBe(1);
  });

  it('comes with the probe of a returning player, as it stands now', async () => {
    const session = await registerGuest();
    const game = await currentGame(session);
    await play(session, game.id, 'roll');
    const probe = await json<SessionResource>(
      await call('/auth/session?embed=currentGame', { jar: session.jar }),
    );
    expect(probe.player?.id).toBe(session.player.id);
    expect(probe._embedded?.currentGame).toMatchObject({ id: game.id, rollCount: 1 });
  });

  it('is left out unless asked for, and a visitor without a session gets none', async () => {
    const session = await registerGuest();
    expect(session.player).not.toHaveProperty('_embedded');
    const probe = await json<SessionResource>(await call('/auth/session', { jar: session.jar }));
    expect(probe).not.toHaveProperty('_embedded');
    const nobody = await json<SessionResource>(await call('/auth/session?embed=currentGame'));
    expect(nobody).toMatchObject({ player: null });
    expect(nobody).not.toHaveProperty('_embedded');
  });
});
