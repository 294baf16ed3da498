import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ClashResource } from '../../contract/clashes';
import type { ClashRecord } from '../../durable-objects/clashRecord';
import { CLASSIC_RULES, PRESETS, type Rules } from '../../game';
import {
  answer,
  type Clash,
  clashRoom,
  gameOf,
  getClash,
  letTheBotPlay,
  players,
  takeTurn,
  theBot,
} from './clashes-helpers';
import { play } from './games-helpers';
import { call, expectError, json, type Session } from './helpers';

// Issue 27 in clashes: a clash is made with a rule set (a preset's name or a custom one, CLASSIC when none is
// given), every game of it is played by that rule set, and the quick match pairs only players who asked for
// the same preset.

const BALKAN: Rules = { preset: 'BALKAN', ...PRESETS.BALKAN, columns: [...PRESETS.BALKAN.columns] };

function postClash(owner: Session, invited: Session[], rules?: unknown): Promise<Response> {
  const body = {
    ownerId: owner.player.id,
    playerIds: [owner.player.id, ...invited.map((p) => p.player.id)],
    type: 'LIVE',
    name: 'House rules',
    ...(rules === undefined ? {} : { rules }),
  };
  return call('/clashes/', { method: 'POST', jar: owner.jar, body });
}

async function created(owner: Session, invited: Session[], rules?: unknown): Promise<Clash> {
  const response = await postClash(owner, invited, rules);
  const body = await json<Clash>(response);
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body;
}

const clashRules = (clashId: number) =>
  env.DB.prepare('SELECT preset, rules FROM clashes WHERE id = ?')
    .bind(clashId)
    .first<{ preset: string | null; rules: string | null }>();

const gameRules = (gameId: number) =>
  env.DB.prepare('SELECT preset, rules FROM games WHERE id = ?')
    .bind(gameId)
    .first<{ preset: string | null; rules: string | null }>();

describe('a clash is played by the rule set it was made with', () => {
  it('a BALKAN clash: the invitation shows it, its games have six dice and six columns, a turn is played', async () => {
    const [owner, guest] = await players(2);
    const clash = await created(owner, [guest], 'BALKAN');
    expect(clash.rules).toEqual(BALKAN);
    expect(await clashRules(clash.id)).toEqual({ preset: 'BALKAN', rules: JSON.stringify(PRESETS.BALKAN) });
    // The invited player sees the rules before accepting: in the lobby and in their list (the D1 index).
    expect((await json<Clash>(await getClash(guest, clash.id))).rules).toEqual(BALKAN);
    const list = await json<{ _embedded: { clashes: ClashResource[] } }>(
      await call('/clashes/', { jar: guest.jar }),
    );
    expect(list._embedded.clashes.find((c) => c.id === clash.id)?.rules).toEqual(BALKAN);

    const started = await answer(guest, clash.id, 'accept');
    expect(started).toMatchObject({ status: 'IN_PROGRESS', rules: BALKAN });
    const [ownerGameId, guestGameId] = started.players.map((p) => p.gameId as number);
    for (const id of [ownerGameId, guestGameId] as number[])
      expect(await gameRules(id)).toEqual({ preset: 'BALKAN', rules: JSON.stringify(PRESETS.BALKAN) });

    const game = await gameOf(owner, ownerGameId as number);
    expect(game.rules).toEqual(BALKAN);
    expect(game.sheet.columns.map((c) => c.type)).toEqual(PRESETS.BALKAN.columns);
    const rolled = await play(owner, game.id, 'roll');
    expect(rolled.dices).toHaveLength(6);
    // All six again, by their indices (0-5: a six-dice game's).
    const again = await play(owner, game.id, 'roll', { diceToRoll: [0, 1, 2, 3, 4, 5] });
    expect(again.rollCount).toBe(2);
    const filled = await takeTurn(owner, game.id);
    expect(filled.sheet.columns.flatMap((c) => c.boxes).filter((b) => b.value !== null)).toHaveLength(1);
    const after = await json<Clash>(await getClash(owner, clash.id));
    expect(after.turn).toBe(1);
    expect((await gameOf(guest, guestGameId as number)).dices).toHaveLength(6);
  });

  it('without rules a clash is CLASSIC, as before rule sets; a custom set is kept with no preset', async () => {
    const [owner, a, b] = await players(3);
    const classic = await created(owner, [a]);
    expect(classic.rules).toEqual({
      preset: 'CLASSIC',
      ...CLASSIC_RULES,
      columns: [...CLASSIC_RULES.columns],
    });
    expect((await clashRules(classic.id))?.preset).toBe('CLASSIC');

    const custom = { dice: 6, columns: ['HAND', 'EDGES', 'FREE'], straight: 'CLASSIC' };
    const clash = await created(owner, [b], custom);
    expect(clash.rules).toEqual({ preset: null, ...custom });
    expect(await clashRules(clash.id)).toEqual({ preset: null, rules: JSON.stringify(custom) });
    const started = await answer(b, clash.id, 'accept');
    const game = await gameOf(owner, started.players[0]?.gameId as number);
    expect(game.sheet.columns.map((c) => c.type)).toEqual(custom.columns);
    expect((await gameRules(game.id))?.preset).toBeNull();
  });

  it('refuses a rule set that is none: 400 rules-invalid, and no clash is made', async () => {
    const [owner, a] = await players(2);
    for (const rules of [
      'HOUSE',
      null,
      { dice: 5, columns: [], straight: 'CLASSIC' },
      { dice: 5, columns: ['FREE', 'FREE'], straight: 'CLASSIC' },
      { dice: 7, columns: ['FREE'], straight: 'CLASSIC' },
    ])
      await expectError(await postClash(owner, [a], rules), 400, 'rules-invalid');
    const list = await json<{ _embedded?: { clashes: ClashResource[] } }>(
      await call('/clashes/', { jar: owner.jar }),
    );
    expect(list._embedded?.clashes ?? []).toHaveLength(0);
  });

  it('a clash stored before rule sets is CLASSIC, in its room and in the lists', async () => {
    const [owner, a] = await players(2);
    const clash = await created(owner, [a]);
    await runInDurableObject(clashRoom(clash.id), (_, state) => {
      const record = state.storage.kv.get<ClashRecord>('clash');
      if (!record) throw new Error('no record');
      delete record.clash.rules;
      state.storage.kv.put('clash', record);
    });
    await env.DB.prepare('UPDATE clashes SET rules = NULL WHERE id = ?').bind(clash.id).run();
    expect((await json<Clash>(await getClash(owner, clash.id))).rules.preset).toBe('CLASSIC');
    const started = await answer(a, clash.id, 'accept');
    expect(started.rules.preset).toBe('CLASSIC');
    const game = await gameOf(owner, started.players[0]?.gameId as number);
    expect(game.dices).toHaveLength(5);
  });
});

describe('Yamb Bot plays the rule set of its clash', () => {
  it('in a LONG clash it plays its turn with six dice on seven columns', async () => {
    const [owner] = (await players(1)) as [Session];
    const bot = await theBot();
    const response = await call('/clashes/', {
      method: 'POST',
      jar: owner.jar,
      body: {
        ownerId: owner.player.id,
        playerIds: [owner.player.id, bot.id],
        type: 'LIVE',
        name: 'Long',
        rules: 'LONG',
      },
    });
    expect(response.status).toBe(201);
    // The bot accepts at once: the clash starts as it is made.
    const started = await json<Clash>(response);
    expect(started).toMatchObject({ status: 'IN_PROGRESS', rules: { preset: 'LONG', dice: 6 } });
    await takeTurn(owner, started.players[0]?.gameId as number);
    expect(await letTheBotPlay(started.id, owner.player.id)).toBeGreaterThan(0);
    const botGame = await gameOf(owner, started.players[1]?.gameId as number);
    expect(botGame.dices).toHaveLength(6);
    expect(botGame.sheet.columns).toHaveLength(7);
    expect(botGame.sheet.columns.flatMap((c) => c.boxes).filter((b) => b.value !== null)).toHaveLength(1);
  });
});

describe('the quick match pairs players of the same preset only', () => {
  const queue = () => env.QUICK_MATCH.getByName('global');
  const join = (session: Session, body?: unknown) =>
    call('/quick-match/', { method: 'POST', jar: session.jar, body });
  const emptyQueue = async () => {
    for (const entry of await queue().waiting()) await queue().leave(entry.playerId);
  };

  it('a BALKAN player waits beside a CLASSIC one; the next BALKAN player meets them in a BALKAN clash', async () => {
    await emptyQueue();
    const [classic, balkan, other] = await players(3);
    expect((await join(classic)).status).toBe(202);
    expect((await join(balkan, { preset: 'BALKAN' })).status).toBe(202);
    expect((await queue().waiting()).map((e) => [e.playerId, e.preset])).toEqual([
      [classic.player.id, 'CLASSIC'],
      [balkan.player.id, 'BALKAN'],
    ]);
    const matched = await join(other, { preset: 'BALKAN' });
    expect(matched.status).toBe(200);
    const clash = await json<Clash>(matched);
    expect(clash.players.map((p) => p.id)).toEqual([balkan.player.id, other.player.id]);
    expect(clash.rules).toEqual(BALKAN);
    const game = await gameOf(balkan, clash.players[0]?.gameId as number);
    expect(game.dices).toHaveLength(6);
    expect((await queue().waiting()).map((e) => e.playerId)).toEqual([classic.player.id]);
    await queue().leave(classic.player.id);
  });

  it('asks for a preset by name: anything else is 400 rules-invalid', async () => {
    await emptyQueue();
    const [ana] = await players(1);
    await expectError(await join(ana as Session, { preset: 'HOUSE' }), 400, 'rules-invalid');
    await expectError(
      await join(ana as Session, { preset: { dice: 6, columns: ['FREE'], straight: 'CLASSIC' } }),
      400,
      'rules-invalid',
    );
    // The queue's socket asks the same in its query, and is refused before it opens.
    await expectError(
      await call('/ws/quick-match?preset=HOUSE', { jar: (ana as Session).jar }),
      400,
      'rules-invalid',
    );
    expect(await queue().waiting()).toEqual([]);
  });
});
