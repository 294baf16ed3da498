import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ClashResource } from '../../contract/clashes';
import type { Page } from '../../contract/page';
import type { OverallStats } from '../../contract/players';
import type { RatingEntry } from '../../contract/ratings';
import type { ScoreSummary } from '../../contract/scores';
import { getClash, runOutTurn, socket, startedTimedClash, takeTurn } from './clashes-helpers';
import { currentGame, move } from './games-helpers';
import {
  call,
  expectError,
  json,
  makeAdmin,
  type Player,
  registerPlayer,
  type Session,
  signIn,
} from './helpers';
import { openTab, untilListed } from './presence-helpers';
import { scoreRow } from './scores-fixtures';

// An admin bans a player from their page, with a reason. The ban ends every session,
// socket and queue entry of theirs at once, refuses their every move, hides them from rankings and lists,
// and tells them why when they sign in; unbanning gives all of it back but the turns that ran out.

const ban = (admin: Session, playerId: number, reason: unknown = 'Second account') =>
  call(`/players/${playerId}/ban`, { method: 'PUT', jar: admin.jar, body: { reason } });
const unban = (admin: Session, playerId: number) =>
  call(`/players/${playerId}/ban`, { method: 'DELETE', jar: admin.jar });

async function anAdmin(): Promise<Session> {
  const admin = await registerPlayer();
  await makeAdmin(admin.player.id);
  return admin;
}

const playerOf = async (viewer: Session | null, id: number) =>
  json<Player>(await call(`/players/${id}`, { jar: viewer?.jar }));

/** The log rows of `message` about `playerId` (written after the answer: waited for). */
async function logRows(message: string, key: string, playerId: number) {
  const read = async () =>
    (
      await env.DB.prepare(
        'SELECT level, player_id AS playerId, data FROM logs WHERE message = ? ORDER BY id',
      )
        .bind(message)
        .all<{ level: string; playerId: number; data: string }>()
    ).results
      .map((row) => ({ ...row, data: JSON.parse(row.data) as Record<string, unknown> }))
      .filter((row) => row.data[key] === playerId);
  for (let attempt = 0; attempt < 50; attempt++) {
    const rows = await read();
    if (rows.length > 0) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return read();
}

describe('an admin bans a player', () => {
  it('ends their sockets, queue entry and moves at once, hides them, tells them why; unban gives it back', async () => {
    const admin = await anAdmin();
    const {
      clash,
      players: [ana, ben],
      gameIds: [, benClashGame],
    } = await startedTimedClash(2, 60);
    const solo = await currentGame(ben);
    // Ben is at the top of the rankings: the best score and the best rating.
    const { scoreId } = await scoreRow(ben.player.id, 1590);
    await env.DB.prepare(
      "INSERT INTO player_ratings (player_id, preset, mu, rated_clashes) VALUES (?, 'CLASSIC', 200, 1)",
    )
      .bind(ben.player.id)
      .run();
    const topScores = async () =>
      (await json<Page<'scores', ScoreSummary>>(await call('/scores/?sort=value&order=DESC&size=20')))
        ._embedded.scores;
    const topRatings = async () =>
      (await json<Page<'ratings', RatingEntry>>(await call('/ratings/?size=20')))._embedded.ratings;
    const named = async (viewer: Session | null) =>
      (
        await json<Page<'players', Player>>(
          await call(`/players/?name=${encodeURIComponent(ben.player.name)}`, { jar: viewer?.jar }),
        )
      )._embedded.players.map((p) => p.id);
    const stats = async () => json<OverallStats>(await call('/players/stats'));
    expect((await topScores()).map((s) => s.id)).toContain(scoreId);
    expect((await topRatings()).map((r) => r.player.id)).toContain(ben.player.id);
    expect(await named(null)).toEqual([ben.player.id]);
    expect((await stats()).highestScore?.id).toBe(ben.player.id);

    // Ana plays her turn: Ben is on turn. Everything of Ben's is open: his presence channel, his solo
    // game's socket, the clash's socket and his clash game's, and he waits in the quick-match queue.
    await takeTurn(ana, clash.players[0].gameId as number);
    const tab = await openTab(ben);
    const soloSocket = await socket(`games/${solo.id}`, ben);
    const clashSocket = await socket(`clashes/${clash.id}`, ben);
    const gameSocket = await socket(`games/${benClashGame}`, ben);
    const anaClashSocket = await socket(`clashes/${clash.id}`, ana);
    await anaClashSocket.next();
    await untilListed([ben.player.id]);
    expect((await call('/quick-match/', { method: 'POST', jar: ben.jar })).status).toBe(202);
    const held = ben.jar.clone();

    const banned = await ban(admin, ben.player.id, '  Played the daily on a second account  ');
    expect(banned.status).toBe(200);
    const resource = await json<Player>(banned);
    expect(resource).toMatchObject({ status: 'BANNED', banReason: 'Played the daily on a second account' });
    expect(Date.parse(resource.bannedAt ?? '')).toBeGreaterThan(0);
    expect(resource._links.unban?.href).toBe(`/api/players/${ben.player.id}/ban`);
    expect(resource._links.ban).toBeUndefined();

    // Every socket closed with 4001, the queue entry gone.
    expect(await tab.closed).toBe(4001);
    expect((await soloSocket.closed).code).toBe(4001);
    expect((await clashSocket.closed).code).toBe(4001);
    expect((await gameSocket.closed).code).toBe(4001);
    const waiting = await env.QUICK_MATCH.getByName('global').waiting();
    expect(waiting.map((entry) => entry.playerId)).not.toContain(ben.player.id);

    // The access token he had is refused, with the reason, in his solo game and on turn in his clash.
    await expectError(await move({ ...ben, jar: held }, solo.id, 'roll', {}), 403, 'player-banned');
    await expectError(await move({ ...ben, jar: held }, benClashGame, 'roll', {}), 403, 'player-banned');
    const me = await call('/players/me', { jar: held });
    expect(me.status).toBe(403);
    expect(await json(me)).toMatchObject({
      key: 'player-banned',
      reason: 'Played the daily on a second account',
    });
    // Nor can the session be renewed, and the refusal says why (the tab tells him he was signed out).
    await expectError(
      await call('/auth/refresh', { method: 'POST', jar: held.clone() }),
      403,
      'player-banned',
    );
    await expectError(
      await call(`/ws/clashes/${clash.id}`, { headers: { Upgrade: 'websocket' }, jar: held }),
      403,
      'player-banned',
    );

    // Gone from the lists and rankings (an admin still finds him), his page says so to everyone.
    expect((await topScores()).map((s) => s.id)).not.toContain(scoreId);
    expect((await topRatings()).map((r) => r.player.id)).not.toContain(ben.player.id);
    expect(await named(null)).toEqual([]);
    expect(await named(ana)).toEqual([]);
    expect(await named(admin)).toEqual([ben.player.id]);
    await untilListed([], [ben.player.id]);
    expect((await stats()).highestScore?.id).not.toBe(ben.player.id);
    expect(await playerOf(ana, ben.player.id)).toMatchObject({ status: 'BANNED', banReason: null });

    // His clash goes on without him: his turn runs out, Ana is on turn again and plays.
    await runOutTurn(clash.id);
    const after = await json<ClashResource>(await getClash(ana, clash.id));
    expect(after).toMatchObject({ status: 'IN_PROGRESS', turn: 0 });
    await takeTurn(ana, clash.players[0].gameId as number);

    // Signing in tells him why; a wrong password tells nothing more than for anyone.
    const signInAs = (password: string) =>
      call('/auth/token', { method: 'POST', body: { identifier: ben.player.name, password } });
    const told = await signInAs('secret123');
    expect(told.status).toBe(403);
    expect(await json(told)).toMatchObject({
      key: 'player-banned',
      reason: 'Played the daily on a second account',
      message: 'This account is banned',
    });
    const guessed = await json(await signInAs('not-his-password'));
    expect(guessed).toEqual({ key: 'credentials-invalid', message: expect.any(String) });

    // Logged in the admin's name, so the row is not one of Ben's.
    const [banRow] = await logRows('admin-ban-player', 'bannedId', ben.player.id);
    expect(banRow).toMatchObject({
      level: 'WARN',
      playerId: admin.player.id,
      data: { reason: 'Played the daily on a second account' },
    });

    // Unbanned: he signs in anew (the old token stays ended) and plays again, in his game and his clash.
    const lifted = await unban(admin, ben.player.id);
    expect(lifted.status).toBe(200);
    expect(await json<Player>(lifted)).toMatchObject({ status: 'ACTIVE', banReason: null, bannedAt: null });
    const [unbanRow] = await logRows('admin-unban-player', 'unbannedId', ben.player.id);
    expect(unbanRow).toMatchObject({ level: 'INFO', playerId: admin.player.id });
    await expectError(await call('/players/me', { jar: held }), 401, 'token-expired');
    const again = await signIn(ben.player.name, 'secret123');
    expect((await move(again, solo.id, 'roll', {})).status).toBe(200);
    expect((await move(again, benClashGame, 'roll', {})).status).toBe(200);
    expect((await topScores()).map((s) => s.id)).toContain(scoreId);
    expect(await named(null)).toEqual([ben.player.id]);
    anaClashSocket.close();
  });

  it('is for admins only, and never of oneself, the bot or another admin', async () => {
    const [admin, other, player] = await Promise.all([anAdmin(), anAdmin(), registerPlayer()]);
    await expectError(await ban(player, admin.player.id), 403, 'admin-only');
    await expectError(
      await call(`/players/${player.player.id}/ban`, { method: 'PUT', body: { reason: 'x' } }),
      401,
      'unauthorized',
    );
    await expectError(await ban(admin, admin.player.id), 409, 'ban-self');
    await expectError(await ban(admin, other.player.id), 409, 'player-admin');
    const bots = await json<Page<'players', Player>>(await call('/players/?bot=true'));
    const bot = bots._embedded.players[0] as Player;
    await expectError(await ban(admin, bot.id), 409, 'ban-bot');
    for (const reason of ['', '   ', 'x'.repeat(201), 42])
      await expectError(await ban(admin, player.player.id, reason), 400, 'ban-reason-invalid');
    await expectError(await ban(admin, 999_999_999), 404, 'player-not-found');
    await expectError(await unban(admin, player.player.id), 409, 'player-not-banned');

    // The links say the same: only to admins, only when it can be done now.
    expect((await playerOf(admin, player.player.id))._links.ban?.href).toBe(
      `/api/players/${player.player.id}/ban`,
    );
    expect((await playerOf(admin, admin.player.id))._links.ban).toBeUndefined();
    expect((await playerOf(admin, other.player.id))._links.ban).toBeUndefined();
    expect((await playerOf(admin, bot.id))._links.ban).toBeUndefined();
    expect((await playerOf(other, player.player.id))._links.unban).toBeUndefined();
    expect((await playerOf(null, player.player.id))._links.ban).toBeUndefined();

    expect((await ban(admin, player.player.id, 'Abuse')).status).toBe(200);
    await expectError(await unban(player, player.player.id), 403, 'player-banned');
    await expectError(await unban(await registerPlayer(), player.player.id), 403, 'admin-only');
    const seenByAdmin = await playerOf(other, player.player.id);
    expect(seenByAdmin).toMatchObject({ status: 'BANNED', banReason: 'Abuse' });
    expect(seenByAdmin._links.unban?.href).toBe(`/api/players/${player.player.id}/ban`);
    expect((await unban(other, player.player.id)).status).toBe(200);
  });
});
