import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ClashResource } from '../../contract/clashes';
import type { OverallStats, PlayerResource } from '../../contract/players';
import type { ScoreSummary } from '../../contract/scores';
import type { Page } from '../../contract/page';
import {
  clashRoom,
  clashRow,
  createClash,
  getClash,
  letTheBotPlay,
  lobby,
  notifications,
  player,
  postClash,
  takeTurn,
  theBot,
} from './clashes-helpers';
import { call, expectError, json, registerPlayer, type Session } from './helpers';

// The practice bot: a real player row that never signs in, accepts at once, and plays its
// turns inside the ClashRoom, one action per alarm, until the clash is over.

async function clashAs(session: Session | null, clashId: number): Promise<ClashResource> {
  const response = await getClash(session, clashId);
  expect(response.status).toBe(200);
  return json<ClashResource>(response);
}

describe('Yamb Bot', () => {
  it('is a registered player marked as a bot, whom nobody can sign in as', async () => {
    const bot = await theBot();
    expect(bot).toMatchObject({ name: 'Yamb Bot', bot: true, guest: false, email: null });
    const people = await json<Page<'players', PlayerResource>>(await call('/players/?bot=false&size=100'));
    expect(people._embedded.players.some((p) => p.bot)).toBe(false);
    for (const password of ['', 'Yamb Bot', 'password1']) {
      const response = await call('/auth/token', {
        method: 'POST',
        body: { identifier: 'Yamb Bot', password },
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
  });

  it('is never the newest player of the statistics', async () => {
    const bot = await theBot();
    const someone = await registerPlayer();
    await env.DB.prepare('UPDATE players SET created_at = ? WHERE id = ?')
      .bind(Date.now() + 86_400_000, bot.id)
      .run();
    const stats = await json<OverallStats>(await call('/players/stats'));
    expect(stats.newestPlayer?.id).not.toBe(bot.id);
    expect(stats.newestPlayer?.id).toBe(someone.player.id);
  });

  it('accepts at once, plays a whole clash to the end, and its score is ranked as a bot', async () => {
    const bot = await theBot();
    const owner = await player();
    const created = await json<ClashResource>(await postClash(owner, [owner.player.id, bot.id], 'Practice'));
    expect(created.status).toBe('IN_PROGRESS');
    expect(created.players.map((p) => [p.name, p.status, p.bot])).toEqual([
      [owner.player.name, 'ACCEPTED', false],
      ['Yamb Bot', 'ACCEPTED', true],
    ]);
    const [mine, bots] = created.players.map((p) => p.gameId as number) as [number, number];

    let turns = 0;
    let botActions = 0;
    for (;;) {
      const clash = await clashAs(owner, created.id);
      if (clash.status === 'COMPLETED') break;
      await takeTurn(owner, mine);
      turns++;
      botActions += await letTheBotPlay(created.id, owner.player.id);
    }
    expect(turns).toBe(52);
    // At least a roll and a fill for each of its 52 turns.
    expect(botActions).toBeGreaterThanOrEqual(104);

    const done = await clashAs(owner, created.id);
    expect(done.status).toBe('COMPLETED');
    expect(done.winner).not.toBeNull();
    const botGame = await json<{ status: string; totalSum: number }>(await call(`/games/${bots}`));
    expect(botGame.status).toBe('COMPLETED');
    expect(done.players[1]?.score).toBe(botGame.totalSum);
    // The advisor plays far better than filling the first open box, which the owner did.
    expect(botGame.totalSum).toBeGreaterThan(done.players[0]?.score ?? 0);
    expect((await clashRow(created.id))?.status).toBe('COMPLETED');

    const ranked = await json<Page<'scores', ScoreSummary>>(
      await call(`/scores/?playerId=${bot.id}&size=100`),
    );
    const botScore = ranked._embedded.scores.find((s) => s.gameId === bots);
    expect(botScore?.player).toMatchObject({ id: bot.id, name: 'Yamb Bot', bot: true });
    const ownerScores = await json<Page<'scores', ScoreSummary>>(
      await call(`/scores/?playerId=${owner.player.id}`),
    );
    expect(ownerScores._embedded.scores[0]?.player.bot).toBe(false);

    // The owner heard of the end; nobody writes notifications to the bot.
    expect(await notifications(owner.player.id, 'clash-completed')).toHaveLength(1);
    const botRows = await env.DB.prepare('SELECT count(*) AS n FROM notifications WHERE player_id = ?')
      .bind(bot.id)
      .first<{ n: number }>();
    expect(botRows?.n).toBe(0);
  }, 120_000);

  it('waits for its alarm, so the room keeps its pace, and the alarm survives in storage', async () => {
    const bot = await theBot();
    const owner = await player();
    const clash = await json<ClashResource>(await postClash(owner, [owner.player.id, bot.id]));
    await takeTurn(owner, clash.players[0]?.gameId as number);
    const after = await clashAs(owner, clash.id);
    expect(after.players[after.turn]?.bot).toBe(true);
    const alarm = await runInDurableObject(clashRoom(clash.id), (_room, state) =>
      state.storage.kv.get<Record<string, number>>('alarms'),
    );
    expect(alarm?.bot).toBeGreaterThan(Date.now());
    // The bot's game is its own: nobody else may move it.
    const botGame = after.players[1]?.gameId as number;
    const response = await call(`/games/${botGame}/roll`, {
      method: 'PUT',
      jar: owner.jar,
      body: { diceToRoll: [0, 1, 2, 3, 4] },
    });
    await expectError(response, 403, 'not-your-game');
  });

  it('added to a pending clash, it has accepted; the clash starts when the people have', async () => {
    const bot = await theBot();
    const owner = await player();
    const friend = await player();
    const pending = await createClash(owner, [friend]);
    const added = await lobby(owner, pending.id, 'add', { playerIds: [bot.id] });
    expect(added.status).toBe(200);
    const withBot = await json<ClashResource>(added);
    expect(withBot.status).toBe('PENDING');
    expect(withBot.players.find((p) => p.id === bot.id)?.status).toBe('ACCEPTED');
    const accepted = await lobby(friend, pending.id, 'accept', { playerId: friend.player.id });
    expect((await json<ClashResource>(accepted)).status).toBe('IN_PROGRESS');
  });
});
