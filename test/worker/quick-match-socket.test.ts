import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { QuickMatchServerMessage } from '../../contract/quickMatch';
import { banPlayer } from '../../worker/auth/access';
import { database } from '../../worker/db/client';
import { players, type Socket, socket } from './clashes-helpers';
import { call, expectError, registerGuest, type Session } from './helpers';

// The quick match's own socket (/api/ws/quick-match): a player waits exactly while it is open. The second
// one to open it is paired with the first, and both sockets get the started clash.

const queue = () => env.QUICK_MATCH.getByName('global');
const waitingIds = async () => (await queue().waiting()).map((e) => e.playerId);

async function emptyQueue() {
  for (const entry of await queue().waiting()) await queue().leave(entry.playerId);
}

const next = async (tab: Socket) => (await tab.next()) as unknown as QuickMatchServerMessage;

/** Opens the queue's socket as `session`'s player and reads its first message. */
async function open(session: Session): Promise<{ tab: Socket; first: QuickMatchServerMessage }> {
  const tab = await socket('quick-match', session);
  return { tab, first: await next(tab) };
}

const clashOf = (message: QuickMatchServerMessage) => (message.type === 'MATCHED' ? message.clash : null);

describe('the quick-match socket', () => {
  it('is for registered players who are not banned', async () => {
    const upgrade = (session: Session | null) =>
      call('/ws/quick-match', { headers: { Upgrade: 'websocket' }, jar: session?.jar });
    await expectError(await upgrade(null), 401, 'unauthorized');
    await expectError(await upgrade(await registerGuest()), 403, 'guest-not-allowed');
  });

  it('pairs two open sockets: both get MATCHED with the same started clash, then close', async () => {
    await emptyQueue();
    const [ana, ben] = (await players(2)) as [Session, Session];
    const a = await open(ana);
    expect(a.first).toMatchObject({ type: 'WAITING' });
    expect(await waitingIds()).toEqual([ana.player.id]);
    const b = await open(ben);
    const theirs = clashOf(b.first);
    const mine = clashOf(await next(a.tab));
    expect(mine).toMatchObject({ status: 'IN_PROGRESS', turnSeconds: 60 });
    expect(theirs?.id).toBe(mine?.id);
    expect(mine?.players.map((p) => p.id)).toEqual([ana.player.id, ben.player.id]);
    expect((await a.tab.closed).reason).toBe('matched');
    expect((await b.tab.closed).reason).toBe('matched');
    expect(await waitingIds()).toEqual([]);
  });

  it('leaves the queue when the socket closes: the next player waits instead', async () => {
    await emptyQueue();
    const [ana, ben] = (await players(2)) as [Session, Session];
    const a = await open(ana);
    a.tab.close();
    await expect.poll(waitingIds).toEqual([]);
    const b = await open(ben);
    expect(b.first).toMatchObject({ type: 'WAITING' });
    b.tab.close();
  });

  it('a second socket of the same player replaces the first, which is told so', async () => {
    await emptyQueue();
    const [ana] = (await players(1)) as [Session];
    const first = await open(ana);
    const second = await open(ana);
    expect(second.first).toMatchObject({ type: 'WAITING' });
    expect(await next(first.tab)).toMatchObject({ type: 'ERROR', key: 'quick-match-replaced' });
    await first.tab.closed;
    expect(await waitingIds()).toEqual([ana.player.id]);
    second.tab.close();
  });

  it('a sign-out or a ban closes it with 4001 and leaves the queue', async () => {
    await emptyQueue();
    const [ana, ben] = (await players(2)) as [Session, Session];
    const a = await open(ana);
    expect((await call('/auth/logout', { method: 'POST', jar: ana.jar })).status).toBe(204);
    expect((await a.tab.closed).code).toBe(4001);
    const b = await open(ben);
    expect(b.first).toMatchObject({ type: 'WAITING' });
    await banPlayer(env, database(env.DB), ben.player.id, 'test');
    expect((await b.tab.closed).code).toBe(4001);
    expect(await waitingIds()).toEqual([]);
  });

  it('refuses a player seated in a quick match in progress, with its link', async () => {
    await emptyQueue();
    const [ana, ben] = (await players(2)) as [Session, Session];
    const a = await open(ana);
    const b = await open(ben);
    const clash = clashOf(b.first);
    await a.tab.closed;
    const again = await open(ana);
    expect(again.first).toMatchObject({
      type: 'ERROR',
      key: 'quick-match-seated',
      _links: { clash: { href: `/api/clashes/${clash?.id}` } },
    });
    expect((await again.tab.closed).reason).toBe('quick-match-seated');
    expect(await waitingIds()).toEqual([]);
  });

  it('under racing opens pairs everyone once and leaves nobody waiting beside another', async () => {
    await emptyQueue();
    const people = await players(6);
    const tabs = await Promise.all(people.map((p) => socket('quick-match', p)));
    const ends = await Promise.all(
      tabs.map(async (tab) => {
        const first = await next(tab);
        return first.type === 'WAITING' ? next(tab) : first;
      }),
    );
    const clashes = new Map<number, number[]>();
    for (const end of ends) {
      const clash = clashOf(end);
      expect(clash).not.toBeNull();
      if (clash)
        clashes.set(
          clash.id,
          clash.players.map((p) => p.id),
        );
    }
    expect(clashes.size).toBe(3);
    const seated = [...clashes.values()].flat().sort((x, y) => x - y);
    expect(seated).toEqual(people.map((p) => p.player.id).sort((x, y) => x - y));
    expect(await waitingIds()).toEqual([]);
  });
});
