import { describe, expect, it } from 'vitest';
import { CLASH_MESSAGE_COOLDOWN_MS } from '../../contract/clashes';
import { isRefused } from '../../durable-objects/clashChange';
import { said } from '../../durable-objects/clashChat';
import * as lobby from '../../durable-objects/clashLobby';
import * as play from '../../durable-objects/clashPlay';
import type { ClashRecord } from '../../durable-objects/clashRecord';
import type { ClashChange, ClashOutcome } from '../../durable-objects/clashChange';
import { CLASH_MAX_PLAYERS, type DiceSource, fillableBoxes, settledGames } from '../../game';
import { clashOf, member, pending, recordOf, T0 } from './clash-fixtures';

// ClashRoom's collaborators answer what a call does to the clash: the change the room applies (the next
// clash and who is told what) or the refusal the caller hears. These run in node, with no room behind them.

const sixes: DiceSource = (count) => Array.from({ length: count }, () => 6);
const viewer = (playerId: number) => ({ playerId, issuedAtMs: T0 + 1 });

/** The change, failing the test on a refusal or nothing. */
function changed(outcome: ClashOutcome | null): ClashChange {
  if (!outcome || isRefused(outcome)) throw new Error(`refused: ${JSON.stringify(outcome)}`);
  return outcome;
}

/** The record after `change`, as the room would store it. */
const after = (record: ClashRecord, change: ClashChange): ClashRecord => ({
  ...record,
  clash: change.clash,
  games: change.games ?? record.games,
  access: change.access ?? record.access,
});

const invited = (id: number, bot = false) => ({
  id,
  name: `N${id}`,
  avatarKey: null,
  bot,
  access: { tokensValidAfter: 0, banned: false },
});

describe('the lobby', () => {
  const lobbyOf = (...statuses: Parameters<typeof pending>) => recordOf(pending(...statuses));

  it('lets an invited player accept, and tells the owner who did', () => {
    const change = changed(lobby.accepted(lobbyOf('ACCEPTED', 'PENDING'), 11));
    expect(change.clash.players.map((p) => p.status)).toEqual(['ACCEPTED', 'ACCEPTED']);
    expect(change.events).toEqual([{ type: 'accepted', player: 'P1' }]);
    expect(change.published).toBe(true);
    expect(lobby.accepted(lobbyOf('ACCEPTED', 'ACCEPTED'), 11)).toMatchObject({
      status: 409,
      key: 'not-invited',
    });
    // To anyone not in it, a pending clash does not exist.
    expect(lobby.accepted(lobbyOf('ACCEPTED', 'PENDING'), 99)).toMatchObject({ status: 404 });
  });

  it('cancels the clash a decline leaves with its owner alone, and closes the decliner out', () => {
    const change = changed(lobby.declined(lobbyOf('ACCEPTED', 'PENDING'), 11));
    expect(change.clash.status).toBe('CANCELLED');
    expect(change.clash.players.map((p) => p.id)).toEqual([10]);
    expect(change.left).toEqual([11]);
    expect(change.access).not.toHaveProperty('11');
    expect(change.events).toEqual([{ type: 'declined', player: 'P1' }, { type: 'cancelled' }]);
    const three = changed(lobby.declined(lobbyOf('ACCEPTED', 'PENDING', 'PENDING'), 12));
    expect(three.clash.status).toBe('PENDING');
    expect(three.events).toEqual([{ type: 'declined', player: 'P2' }]);
  });

  it('adds invited players at the end of the turn order, the bot accepted at once, up to the most', () => {
    const record = lobbyOf('ACCEPTED', 'PENDING');
    const change = changed(lobby.added(record, 10, [invited(30, true)]));
    expect(change.clash.players.at(-1)).toMatchObject({ id: 30, status: 'ACCEPTED', bot: true });
    expect(change.events).toEqual([{ type: 'invited', players: [invited(30, true)] }]);
    const full = Array.from({ length: CLASH_MAX_PLAYERS - 1 }, (_, i) => invited(40 + i));
    expect(lobby.added(record, 10, full)).toMatchObject({ status: 409, key: 'clash-full' });
    expect(lobby.added(record, 11, [invited(30)])).toMatchObject({ status: 403, key: 'not-clash-owner' });
  });

  it('lets the owner take back only invitations not yet accepted, keeping two players', () => {
    const record = lobbyOf('ACCEPTED', 'ACCEPTED', 'PENDING');
    const change = changed(lobby.removed(record, 10, [12]));
    expect(change.clash.players.map((p) => p.id)).toEqual([10, 11]);
    expect(change.left).toEqual([12]);
    expect(lobby.removed(record, 10, [11])).toMatchObject({ status: 409, key: 'clash-player-accepted' });
    expect(lobby.removed(record, 10, [10])).toMatchObject({ status: 400 });
    expect(lobby.removed(lobbyOf('ACCEPTED', 'PENDING'), 10, [11])).toMatchObject({ key: 'clash-too-small' });
  });

  it('starts with the owner on turn and a full clock, telling everyone but quick-matched players', () => {
    const record = lobbyOf('ACCEPTED', 'ACCEPTED');
    expect(lobby.readyToStart(record)).toBe(true);
    const rows = [
      { id: 500, playerId: 10, createdAt: T0 },
      { id: 501, playerId: 11, createdAt: T0 },
    ];
    const change = lobby.started(record, rows, T0 + 5);
    expect(change.clash).toMatchObject({ status: 'IN_PROGRESS', turn: 0, turnDeadline: T0 + 5 + 30_000 });
    expect(change.clash.players.map((p) => p.gameId)).toEqual([500, 501]);
    expect(Object.keys(change.games ?? {})).toEqual(['500', '501']);
    expect(change.events).toEqual([{ type: 'started' }]);
    expect(change.turnBegan).toBe(true);
    const quick = { ...record, clash: { ...record.clash, quickMatch: true } };
    expect(lobby.started(quick, rows, T0).events).toEqual([]);
  });

  it('expires a pending clash only', () => {
    expect(lobby.expired(lobbyOf('ACCEPTED', 'PENDING'))).toMatchObject({
      clash: { status: 'CANCELLED' },
      events: [{ type: 'cancelled' }],
    });
    expect(lobby.expired(recordOf(clashOf([member(0), member(1)])))).toBeNull();
  });
});

describe('the running clash', () => {
  const running = (over: Parameters<typeof clashOf>[1] = {}) =>
    recordOf(clashOf([member(0), member(1), member(2)], over));

  it('takes a move only from the player on turn, on their own game, with a token that counts', () => {
    const record = running();
    const roll = { type: 'ROLL' as const, diceToRoll: [0, 1, 2, 3, 4] };
    expect(play.moved(record, 101, viewer(11), roll, sixes)).toMatchObject({
      status: 409,
      key: 'not-your-turn',
    });
    expect(play.moved(record, 100, viewer(11), roll, sixes)).toMatchObject({
      status: 403,
      key: 'not-your-game',
    });
    expect(play.moved(record, 100, viewer(10), { type: 'UNDO' }, sixes)).toMatchObject({
      key: 'clash-game-locked',
    });
    const banned = { ...record, access: { ...record.access, 10: { tokensValidAfter: 0, banned: true } } };
    expect(play.moved(banned, 100, viewer(10), roll, sixes)).toMatchObject({ key: 'player-banned' });
    const signedOut = {
      ...record,
      access: { ...record.access, 10: { tokensValidAfter: T0 + 2, banned: false } },
    };
    expect(play.moved(signedOut, 100, viewer(10), roll, sixes)).toMatchObject({ status: 401 });
    expect(changed(play.moved(record, 100, viewer(10), roll, sixes))).toMatchObject({
      moved: 100,
      turnBegan: false,
    });
  });

  it('passes the turn to the next player in turn order with a fresh clock after a fill', () => {
    let record = running({ turn: 2 });
    record = after(
      record,
      changed(play.played(record, 102, { type: 'ROLL', diceToRoll: [0, 1, 2, 3, 4] }, sixes)),
    );
    expect(record.clash.turn).toBe(2);
    const box = fillableBoxes(record.games['102']?.state ?? ({} as never)).find((b) => b.box === 'SIXES');
    if (!box) throw new Error('no box to fill');
    const fill = changed(
      play.played(record, 102, { type: 'FILL', columnType: box.column, boxType: box.box }, sixes),
    );
    expect(fill.clash.turn).toBe(0);
    expect(fill.turnBegan).toBe(true);
    expect(fill.clash.turnStartedAt).toBeGreaterThan(T0);
    expect(fill.clash.players[2]?.score).toBeGreaterThan(0);
  });

  it('lets the clock run out only at its deadline, and forfeits the third turn in a row, telling the player', () => {
    const record = running({ turn: 1, turnDeadline: T0 + 30_000 });
    expect(play.timedOut(record, T0 + 29_999)).toBeNull();
    const once = changed(play.timedOut(record, T0 + 30_000));
    expect(once.clash.turn).toBe(2);
    expect(once.clash.players[1]).toMatchObject({ missed: 1, forfeited: false });
    expect(once.events).toEqual([]);
    const twice = recordOf(clashOf([member(0), member(1, { missed: 2 }), member(2)], { turn: 1 }));
    const third = changed(play.timedOut(twice, T0 + 30_000));
    expect(third.clash.players[1]).toMatchObject({ missed: 3, forfeited: true });
    expect(third.events).toEqual([{ type: 'forfeited', player: expect.objectContaining({ id: 11 }) }]);
  });

  it('lets another member pass only a stalled untimed turn', () => {
    expect(play.passed(running(), 11, T0)).toMatchObject({ status: 409, key: 'clash-timed' });
    const untimed = running({ turnSeconds: null, turnDeadline: null });
    expect(play.passed(untimed, 11, T0 + 1000)).toMatchObject({ key: 'clash-not-stalled' });
    const week = 7 * 24 * 60 * 60 * 1000;
    expect(changed(play.passed(untimed, 11, T0 + week))).toMatchObject({
      clash: { turn: 1 },
      turnBegan: true,
    });
  });

  it('ends the clash a resignation leaves with one player standing, its unfinished sheets put away then', () => {
    const two = recordOf(clashOf([member(0), member(1)]));
    const change = changed(play.resigned(two, 11));
    expect(change.clash.status).toBe('COMPLETED');
    expect(change.clash.players[1]).toMatchObject({ forfeited: true, resigned: true });
    const endedAt = T0 + 60_000;
    const settled = settledGames({ ...change.clash, updatedAt: endedAt }, change.games ?? {});
    // Changed when the clash ended: a client keeping the newer state by updatedAt takes these.
    expect(settled['100']?.meta).toMatchObject({ archived: true, updatedAt: endedAt });
    expect(settledGames(two.clash, two.games)['100']?.meta.archived).toBe(false);
    expect(play.resigned(two, 99)).toMatchObject({ status: 403, key: 'not-clash-member' });
  });

  it('says who is told a turn began: the player on turn, the bot (to act), nobody once it ended', () => {
    const record = running();
    const next = { ...record, clash: { ...record.clash, turn: 1 } };
    expect(play.turnBegun(record, next, { clash: next.clash, moved: 100 })?.id).toBe(11);
    expect(play.turnBegun(record, record, { clash: record.clash, moved: 100 })).toBeNull();
    const over = { ...next, clash: { ...next.clash, status: 'COMPLETED' as const } };
    expect(play.turnBegun(record, over, { clash: over.clash, turnBegan: true })).toBeNull();
    const bot = recordOf(clashOf([member(0), member(1, { bot: true })], { turn: 1 }));
    expect(play.turnBegun(bot, bot, { clash: bot.clash, moved: 101 })?.bot).toBe(true);
  });

  it('warns the player on turn before the clock runs out, not the bot', () => {
    expect(play.warning(running({ turnDeadline: T0 + 10_000 }), T0)).toMatchObject({
      type: 'turn-warning',
      seconds: 10,
    });
    const bot = recordOf(clashOf([member(0, { bot: true }), member(1)], { turnDeadline: T0 + 10_000 }));
    expect(play.warning(bot, T0)).toBeNull();
  });
});

describe('what members say', () => {
  const record = recordOf(clashOf([member(0), member(1)]));
  const socket = (viewerId: number | null) => ({ viewerId, gameId: null, issuedAtMs: T0 + 1 });
  const reaction = JSON.stringify({ type: 'REACTION', content: 'party' });

  it('passes a member’s reaction on with their name, once per cooldown', () => {
    const out = said(record, socket(11), reaction, () => 0, T0);
    expect(out).toMatchObject({ memberId: 11 });
    expect(JSON.parse((out as { text: string }).text)).toMatchObject({ type: 'REACTION', name: 'P1' });
    expect(said(record, socket(11), reaction, () => T0, T0 + CLASH_MESSAGE_COOLDOWN_MS - 1)).toEqual({
      error: 'message-too-early',
    });
  });

  it('refuses a watcher, a game socket and a message the contract does not know', () => {
    expect(said(record, socket(99), reaction, () => 0, T0)).toEqual({ error: 'not-clash-member' });
    expect(said(record, { ...socket(11), gameId: 101 }, reaction, () => 0, T0)).toEqual({
      error: 'not-clash-member',
    });
    expect(said(record, socket(11), '{"type":"REACTION","content":"x"}', () => 0, T0)).toEqual({
      error: 'reaction-invalid',
    });
  });
});
