import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ClashServerMessage } from '../../contract/clashes';
import type { GameMessage } from '../../contract/games';
import {
  answer,
  type Clash,
  clashRoom,
  createClash,
  expectSilence,
  getClash,
  gameOf,
  type Message,
  notifications,
  player,
  players,
  socket,
  startedClash,
  takeTurn,
} from './clashes-helpers';
import { play } from './games-helpers';
import { call, json } from './helpers';

const isUpdate = (m: Message): m is Extract<ClashServerMessage, { type: 'UPDATE' }> => m.type === 'UPDATE';
const update = async (next: Promise<Message>) => {
  const message = await next;
  if (!isUpdate(message)) throw new Error(`expected UPDATE, got ${JSON.stringify(message)}`);
  return message.clash;
};
const game = async (next: Promise<Message>) => {
  const message = (await next) as GameMessage;
  expect(message.type).toBe('GAME');
  return message.game;
};
const linkNames = (links: object | undefined) => Object.keys(links ?? {}).sort();

describe('the lobby, live', () => {
  it('each player’s socket is greeted with the clash and sees every change with their own links', async () => {
    const [owner, a] = await players(2);
    const clash = await createClash(owner, [a]);
    const ownerSocket = await socket(`clashes/${clash.id}`, owner);
    const aSocket = await socket(`clashes/${clash.id}`, a);
    expect(await update(ownerSocket.next())).toEqual(clash);
    expect(linkNames((await update(aSocket.next()))?._links)).toEqual(['accept', 'decline', 'self']);

    const accepted = await answer(a, clash.id, 'accept');
    expect(accepted.status).toBe('IN_PROGRESS');
    // The acceptance, then the start; each socket with the links of its viewer.
    expect((await update(ownerSocket.next()))?.players[1]?.status).toBe('ACCEPTED');
    expect(await update(ownerSocket.next())).toMatchObject({ status: 'IN_PROGRESS', turn: 0 });
    await update(aSocket.next());
    expect(await update(aSocket.next())).toEqual(accepted);
    // The owner was looking at the clash when it started: no "your turn" notification.
    expect(await notifications(owner.player.id, 'clash-started')).toHaveLength(1);
    expect(await notifications(owner.player.id, 'clash-turn', 0)).toEqual([]);
    ownerSocket.close();
    aSocket.close();
  });

  it('a deleted clash tells its sockets `clash: null` and closes them', async () => {
    const [owner, a] = await players(2);
    const clash = await createClash(owner, [a]);
    const aSocket = await socket(`clashes/${clash.id}`, a);
    await aSocket.next();
    expect((await call(`/clashes/${clash.id}`, { method: 'DELETE', jar: owner.jar })).status).toBe(204);
    expect(await aSocket.next()).toEqual({ type: 'UPDATE', clash: null });
    expect((await aSocket.closed).reason).toBe('clash-deleted');
  });
});

describe('the match, live', () => {
  it('a move reaches the game’s sockets (links for its player only) and every clash socket', async () => {
    const {
      clash,
      players: [owner, other],
      gameIds,
    } = await startedClash();
    const [ownerGame, otherGame] = gameIds as [number, number];
    const ownerTab = await socket(`games/${ownerGame}`, owner);
    const watcher = await socket(`games/${ownerGame}`);
    const otherBoard = await socket(`games/${otherGame}`, other);
    const lobbyWatcher = await socket(`clashes/${clash.id}`);
    expect(linkNames((await game(ownerTab.next()))?._links)).toEqual(['roll', 'self']);
    expect(linkNames((await game(watcher.next()))?._links)).toEqual(['self']);
    expect(linkNames((await game(otherBoard.next()))?._links)).toEqual(['self']);
    expect(await update(lobbyWatcher.next())).toEqual(await json<Clash>(await getClash(null, clash.id)));

    const rolled = await play(owner, ownerGame, 'roll');
    expect(await game(ownerTab.next())).toEqual(rolled);
    expect(await game(watcher.next())).toEqual({ ...rolled, _links: { self: rolled._links.self } });
    expect((await update(lobbyWatcher.next()))?._links).toEqual({
      self: { href: `/api/clashes/${clash.id}` },
    });
    await expectSilence(otherBoard);

    // The fill passes the turn: the other player's board gets its moves.
    const filled = await play(owner, ownerGame, 'fill', { columnType: 'FREE', boxType: 'YAMB' });
    expect(await game(ownerTab.next())).toEqual(filled);
    expect(linkNames((await game(otherBoard.next()))?._links)).toEqual(['roll', 'self']);
    expect(await update(lobbyWatcher.next())).toMatchObject({ turn: 1 });
    // The other player had a socket on this clash open: no "your turn" notification.
    expect(await notifications(other.player.id, 'clash-turn', 0)).toEqual([]);
    for (const s of [ownerTab, watcher, otherBoard, lobbyWatcher]) s.close();
  });

  it('a reconnected socket catches up with the current state', async () => {
    const {
      clash,
      players: [owner, other],
      gameIds,
    } = await startedClash();
    const first = await socket(`clashes/${clash.id}`, other);
    await first.next();
    first.close();
    await takeTurn(owner, gameIds[0] as number);
    const rolled = await play(other, gameIds[1] as number, 'roll');
    const again = await socket(`clashes/${clash.id}`, other);
    expect(await update(again.next())).toEqual(await json<Clash>(await getClash(other, clash.id)));
    const board = await socket(`games/${gameIds[1]}`, other);
    expect(await game(board.next())).toEqual(rolled);
    expect(await gameOf(other, gameIds[1] as number)).toEqual(rolled);
    again.close();
    board.close();
  });
});

describe('reactions and suggestions', () => {
  it('a member’s reach every clash socket, watchers’ included; the cooldown holds across the member’s tabs', async () => {
    const {
      clash,
      players: [owner, other],
    } = await startedClash();
    const ownerTab = await socket(`clashes/${clash.id}`, owner);
    const ownerOtherTab = await socket(`clashes/${clash.id}`, owner);
    const otherSocket = await socket(`clashes/${clash.id}`, other);
    const watcher = await socket(`clashes/${clash.id}`);
    for (const s of [ownerTab, ownerOtherTab, otherSocket, watcher]) await s.next();

    ownerTab.send({ type: 'REACTION', content: 'party' });
    const reaction = {
      type: 'REACTION',
      playerId: owner.player.id,
      name: owner.player.name,
      content: 'party',
    };
    for (const s of [ownerTab, ownerOtherTab, otherSocket, watcher]) expect(await s.next()).toEqual(reaction);

    // Too early, from either of the owner's tabs: refused to that socket only.
    ownerOtherTab.send({ type: 'SUGGESTION', content: 'Go for the yamb' });
    expect(await ownerOtherTab.next()).toEqual({ type: 'ERROR', key: 'message-too-early' });
    await expectSilence(ownerTab);
    await expectSilence(watcher);

    // The other member has a cooldown of their own; a suggestion is trimmed.
    otherSocket.send({ type: 'SUGGESTION', content: '  Take the straight  ' });
    const suggestion = {
      type: 'SUGGESTION',
      playerId: other.player.id,
      name: other.player.name,
      content: 'Take the straight',
    };
    for (const s of [ownerTab, ownerOtherTab, otherSocket, watcher])
      expect(await s.next()).toEqual(suggestion);

    // Three seconds later (moved back in the room's storage rather than waited for), the owner may again.
    await runInDurableObject(clashRoom(clash.id), (_room, state) => {
      state.storage.kv.put(`said-${owner.player.id}`, Date.now() - 3000);
    });
    ownerOtherTab.send({ type: 'REACTION', content: 'clover' });
    expect(await watcher.next()).toMatchObject({ type: 'REACTION', content: 'clover' });
    for (const s of [ownerTab, ownerOtherTab, otherSocket, watcher]) s.close();
  });

  it('watchers may not send, and invalid messages are refused to the sender only', async () => {
    const {
      clash,
      players: [owner],
    } = await startedClash();
    const stranger = await player();
    const member = await socket(`clashes/${clash.id}`, owner);
    const watcher = await socket(`clashes/${clash.id}`, stranger);
    const anonymous = await socket(`clashes/${clash.id}`);
    for (const s of [member, watcher, anonymous]) await s.next();

    watcher.send({ type: 'REACTION', content: 'party' });
    expect(await watcher.next()).toEqual({ type: 'ERROR', key: 'not-clash-member' });
    anonymous.send({ type: 'SUGGESTION', content: 'hello' });
    expect(await anonymous.next()).toEqual({ type: 'ERROR', key: 'not-clash-member' });

    member.send({ type: 'REACTION', content: 'trumpet' });
    expect(await member.next()).toEqual({ type: 'ERROR', key: 'reaction-invalid' });
    member.send({ type: 'SUGGESTION', content: '   ' });
    expect(await member.next()).toEqual({ type: 'ERROR', key: 'suggestion-invalid' });
    member.send({ type: 'SUGGESTION', content: 'x'.repeat(101) });
    expect(await member.next()).toEqual({ type: 'ERROR', key: 'suggestion-invalid' });
    member.send('not json');
    expect(await member.next()).toEqual({ type: 'ERROR', key: 'reaction-invalid' });
    await expectSilence(watcher);
    // Refusals cost no cooldown.
    member.send({ type: 'REACTION', content: 'violin' });
    expect(await anonymous.next()).toMatchObject({ type: 'REACTION', content: 'violin' });
    for (const s of [member, watcher, anonymous]) s.close();
  });
});
