import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLASH_MAX_PENDING_OWNED, CLASH_PENDING_TTL_MS } from '../../contract/clashes';
import type { Page } from '../../contract/page';
import type { PlayerResource } from '../../contract/players';
import { answer, createClash, lobby, notifications, player, players, postClash } from './clashes-helpers';
import { INVITATIONS_PER_PAIR } from '../../worker/lib/invitations';
import { call, expectError, json, moveToNewAddress, type Session, signUp } from './helpers';

// Invitation limits. One player once made 200 clashes inviting the same victim in 23 s (200 notifications),
// and adding and removing the same player 50 times sent 100. Now: one pending clash per owner and invitee,
// CLASH_MAX_PENDING_OWNED pending clashes per owner, one invitation (and one removal notice) per clash and
// player, and a player may take invitations only from players they have played with.

beforeAll(() => moveToNewAddress());

const WEEK_S = CLASH_PENDING_TTL_MS / 1000;

/** Registered players who never sign in: enough to be invited (a sign-in each would only cost time). */
const invitees = async (count: number): Promise<PlayerResource[]> =>
  Promise.all(Array.from({ length: count }, async () => (await signUp()).player));

const pendingBetween = async (ownerId: number, playerId: number) =>
  (
    await env.DB.prepare(
      `SELECT count(*) AS n FROM clashes c JOIN clash_players cp ON cp.clash_id = c.id
       WHERE c.owner_id = ? AND c.status = 'PENDING' AND cp.player_id = ?`,
    )
      .bind(ownerId, playerId)
      .first<{ n: number }>()
  )?.n;

/** The Retry-After of a 429, in seconds: until the pending clash it counts expires, a week at most. */
function retryAfter(response: Response): number {
  const seconds = Number(response.headers.get('Retry-After'));
  expect(Number.isInteger(seconds)).toBe(true);
  return seconds;
}

async function theBot(): Promise<PlayerResource> {
  const page = await json<Page<'players', PlayerResource>>(await call('/players/?bot=true'));
  return page._embedded.players[0] as PlayerResource;
}

const setInvitations = async (session: Session, invitations: 'everyone' | 'known') => {
  const response = await call(`/players/${session.player.id}/preferences`, {
    method: 'PUT',
    jar: session.jar,
    body: { language: 'en-US', theme: 'dark', invitations },
  });
  expect(response.status).toBe(200);
};

describe('one pending clash between an owner and a player', () => {
  it('200 invitations of the same victim make 1 pending clash and 1 notification; the rest are 429 invitation-pending', async () => {
    const [owner, victim] = await players(2);
    const invite = () => postClash(owner, [owner.player.id, victim.player.id]);
    // The first one opens the clash; the other 199 come as fast as they can (in fifties).
    const answers: Response[] = [await invite()];
    for (let i = 0; i < 199; i += 50)
      answers.push(...(await Promise.all(Array.from({ length: Math.min(50, 199 - i) }, invite))));
    expect(answers).toHaveLength(200);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers[0]?.status).toBe(201);
    const second = answers[1] as Response;
    const seconds = retryAfter(second);
    expect(seconds).toBeGreaterThan(WEEK_S - 60);
    expect(seconds).toBeLessThanOrEqual(WEEK_S);
    const body = await expectError(second, 429, 'invitation-pending');
    expect(body.message).toMatch(/already invited/);
    for (const refused of answers.slice(2)) expect(refused.status).toBe(429);
    expect(await pendingBetween(owner.player.id, victim.player.id)).toBe(1);
    // Given time to arrive (a second), still one.
    expect(await notifications(victim.player.id, 'clash-invitation', 2)).toHaveLength(1);
  }, 20_000);

  it('holds for a 3-player clash and for adding the player to another pending clash; a declined invitation frees the pair', async () => {
    const [owner, victim, other, third] = await players(4);
    const first = await createClash(owner, [victim, other]);
    await expectError(
      await postClash(owner, [owner.player.id, third.player.id, victim.player.id]),
      429,
      'invitation-pending',
    );
    const second = await createClash(owner, [third]);
    const added = await lobby(owner, second.id, 'add', { playerIds: [victim.player.id] });
    expect(retryAfter(added)).toBeGreaterThan(WEEK_S - 60);
    await expectError(added, 429, 'invitation-pending');
    // The victim says no: the owner may ask again, once.
    await answer(victim, first.id, 'decline');
    expect((await lobby(owner, second.id, 'add', { playerIds: [victim.player.id] })).status).toBe(200);
    expect(await pendingBetween(owner.player.id, victim.player.id)).toBe(1);
  }, 20_000);
});

describe('at most CLASH_MAX_PENDING_OWNED pending clashes per owner', () => {
  it('the 21st pending clash of one owner is 429 too-many-pending-clashes until the oldest expires; the bot still plays', async () => {
    expect(CLASH_MAX_PENDING_OWNED).toBe(20);
    const owner = await player();
    const others = await invitees(CLASH_MAX_PENDING_OWNED + 1);
    for (const invitee of others.slice(0, CLASH_MAX_PENDING_OWNED)) {
      const created = await postClash(owner, [owner.player.id, invitee.id]);
      expect(created.status).toBe(201);
    }
    const last = others[CLASH_MAX_PENDING_OWNED] as PlayerResource;
    const refused = await postClash(owner, [owner.player.id, last.id]);
    const seconds = retryAfter(refused);
    expect(seconds).toBeGreaterThan(WEEK_S - 60);
    expect(seconds).toBeLessThanOrEqual(WEEK_S);
    await expectError(refused, 429, 'too-many-pending-clashes');
    expect((await notifications(last.id, 'clash-invitation', 0)).length).toBe(0);

    // The bot accepts at once: a practice clash is never pending, and never refused for pending ones.
    const bot = await theBot();
    const practice = await postClash(owner, [owner.player.id, bot.id], 'Practice');
    expect(practice.status).toBe(201);
    expect((await json<{ status: string }>(practice)).status).toBe('IN_PROGRESS');

    // One pending clash deleted, room for one more.
    const oldest = await env.DB.prepare(
      "SELECT min(id) AS id FROM clashes WHERE owner_id = ? AND status = 'PENDING'",
    )
      .bind(owner.player.id)
      .first<{ id: number }>();
    expect((await call(`/clashes/${oldest?.id}`, { method: 'DELETE', jar: owner.jar })).status).toBe(204);
    expect((await postClash(owner, [owner.player.id, last.id])).status).toBe(201);
  }, 20_000);
});

describe('add and remove churn', () => {
  it('adding and removing the same player 50 times sends them 1 invitation and 1 removal notice; past 20 adds, 429', async () => {
    const [owner, friend, victim] = await players(3);
    const clash = await createClash(owner, [friend]);
    const added: number[] = [];
    for (let i = 0; i < 50; i++) {
      const add = await lobby(owner, clash.id, 'add', { playerIds: [victim.player.id] });
      added.push(add.status);
      if (add.status !== 200) {
        expect(retryAfter(add)).toBeGreaterThan(0);
        await expectError(add, 429, 'too-many-invitations');
        continue;
      }
      expect((await lobby(owner, clash.id, 'remove', { playerIds: [victim.player.id] })).status).toBe(200);
    }
    // INVITATIONS_PER_PAIR a day from one owner to one player: the rest are refused.
    expect(added.filter((status) => status === 200)).toHaveLength(INVITATIONS_PER_PAIR.limit);
    expect(await notifications(victim.player.id, 'clash-invitation', 2)).toHaveLength(1);
    expect(await notifications(victim.player.id, 'clash-removed', 2)).toHaveLength(1);
    // The player kept in the clash was told once too.
    expect(await notifications(friend.player.id, 'clash-invitation', 0)).toHaveLength(1);
  }, 60_000);

  it('a pending clash deleted and made again, over and over, invites the same player 20 times a day, then 429', async () => {
    const [owner, victim] = await players(2);
    for (let i = 0; i < INVITATIONS_PER_PAIR.limit; i++) {
      const clash = await createClash(owner, [victim]);
      expect((await call(`/clashes/${clash.id}`, { method: 'DELETE', jar: owner.jar })).status).toBe(204);
    }
    const refused = await postClash(owner, [owner.player.id, victim.player.id]);
    expect(retryAfter(refused)).toBeGreaterThan(0);
    await expectError(refused, 429, 'too-many-invitations');
    expect(await notifications(victim.player.id, 'clash-invitation', 21)).toHaveLength(20);
  }, 60_000);
});

describe('invitations only from players one has played with', () => {
  it('refuses a stranger with 403 invitations-closed, on create and on add; a player who has played with them may invite', async () => {
    const [victim, friend, stranger, someone] = await players(4);
    // An invitation the victim declined makes no acquaintance.
    const declined = await createClash(stranger, [victim]);
    await answer(victim, declined.id, 'decline');
    // The friend and the victim play a clash (it starts when the victim accepts).
    const played = await createClash(friend, [victim]);
    expect((await answer(victim, played.id, 'accept')).status).toBe('IN_PROGRESS');
    await setInvitations(victim, 'known');

    const invite = (language: string) =>
      call('/clashes/', {
        method: 'POST',
        jar: stranger.jar,
        language,
        body: {
          ownerId: stranger.player.id,
          playerIds: [stranger.player.id, victim.player.id],
          type: 'LIVE',
          name: 'X',
        },
      });
    const refused = await expectError(await invite('en-US'), 403, 'invitations-closed');
    expect(refused.message).toBe(
      'This player accepts clash invitations only from players they have played with or follow',
    );
    const croatian = await expectError(await invite('hr'), 403, 'invitations-closed');
    expect(croatian.message).toMatch(/s kojima ima odigran okršaj/);
    const strangers = await createClash(stranger, [someone]);
    await expectError(
      await lobby(stranger, strangers.id, 'add', { playerIds: [victim.player.id] }),
      403,
      'invitations-closed',
    );

    expect((await postClash(friend, [friend.player.id, victim.player.id])).status).toBe(201);
    // The declined one, the played one, the friend's new one: nothing from the stranger since.
    expect(await notifications(victim.player.id, 'clash-invitation', 4)).toHaveLength(3);

    // Back to 'everyone': the stranger may invite.
    await setInvitations(victim, 'everyone');
    expect((await invite('en-US')).status).toBe(201);
  }, 20_000);
});
