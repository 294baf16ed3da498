import { describe, expect, it } from 'vitest';
import type { ClashPlayer, ClashResource } from '../../contract/clashes';
import { QUICK_MATCH_BOT_OFFER_MS } from '../../contract/quickMatch';
import { CLASSIC_RULES, describeRules } from '../../game/rules';
import {
  botClashName,
  botOffered,
  formatWait,
  IDLE,
  opponentOf,
  type QuickMatchState,
  quickMatchReducer,
} from '../../web/api/quickMatchState';

const player = (id: number, name: string): ClashPlayer => ({
  id,
  name,
  status: 'ACCEPTED',
  avatar: null,
  score: 0,
  gameId: id * 10,
  crown: false,
  forfeited: false,
  resigned: false,
  removable: false,
  bot: false,
});

const clash = (id: number): ClashResource => ({
  id,
  name: 'Ana – Ben',
  type: 'LIVE',
  status: 'IN_PROGRESS',
  owner: { id: 1, name: 'Ana' },
  players: [player(1, 'Ana'), player(2, 'Ben')],
  turn: 0,
  winner: null,
  rules: describeRules(CLASSIC_RULES),
  turnSeconds: 60,
  turnDeadline: '2026-11-23T12:01:00.000Z',
  turnStartedAt: '2026-11-23T12:00:00.000Z',
  createdAt: '2026-11-23T12:00:00.000Z',
  updatedAt: '2026-11-23T12:00:00.000Z',
  _links: { self: { href: `/api/clashes/${id}` } },
});

const waiting = (since = 1000): QuickMatchState => quickMatchReducer(IDLE, { type: 'join', now: since });

describe('the quick-match search of a tab', () => {
  it('waits from the moment of the join, and a second press keeps that moment', () => {
    const state = waiting(1000);
    expect(state).toEqual({ phase: 'waiting', since: 1000, keptWaiting: false });
    expect(quickMatchReducer(state, { type: 'join', now: 5000 })).toBe(state);
  });

  it('shows whom the player met, by the answer or the message, whichever comes first', () => {
    const met = quickMatchReducer(waiting(), { type: 'matched', clash: clash(7), me: 2, own: false });
    expect(met).toMatchObject({ phase: 'matched', opponent: { id: 1, name: 'Ana' } });
    expect(quickMatchReducer(met, { type: 'matched', clash: clash(7), me: 2, own: true })).toBe(met);
    expect(quickMatchReducer(met, { type: 'done' })).toEqual(IDLE);
  });

  it('leaves a MATCHED message to the tab that searched, but never a clash its own request opened', () => {
    expect(quickMatchReducer(IDLE, { type: 'matched', clash: clash(7), me: 1, own: false })).toBe(IDLE);
    expect(quickMatchReducer(IDLE, { type: 'matched', clash: clash(7), me: 1, own: true })).toMatchObject({
      phase: 'matched',
      opponent: { name: 'Ben' },
    });
  });

  it('prefers a match that comes while it leaves for the bot', () => {
    const leaving = quickMatchReducer(waiting(), { type: 'choose-bot' });
    expect(leaving).toEqual({ phase: 'bot' });
    expect(quickMatchReducer(leaving, { type: 'matched', clash: clash(3), me: 1, own: false })).toMatchObject(
      {
        phase: 'matched',
      },
    );
  });

  it('is cancelled while waiting, and nothing else cancels a match being shown', () => {
    expect(quickMatchReducer(waiting(), { type: 'cancel' })).toEqual(IDLE);
    const met = quickMatchReducer(waiting(), { type: 'matched', clash: clash(7), me: 1, own: true });
    expect(quickMatchReducer(met, { type: 'cancel' })).toBe(met);
  });
});

describe('the bot offer', () => {
  it('comes after QUICK_MATCH_BOT_OFFER_MS alone, and goes for good with "Keep waiting"', () => {
    const state = waiting(1000);
    expect(botOffered(state, 1000 + QUICK_MATCH_BOT_OFFER_MS - 1)).toBe(false);
    expect(botOffered(state, 1000 + QUICK_MATCH_BOT_OFFER_MS)).toBe(true);
    const kept = quickMatchReducer(state, { type: 'keep-waiting' });
    expect(botOffered(kept, 1000 + 10 * QUICK_MATCH_BOT_OFFER_MS)).toBe(false);
    expect(botOffered(IDLE, 1e12)).toBe(false);
  });
});

describe('the wait and the names', () => {
  it('reads the wait as a clock', () => {
    expect(formatWait(0)).toBe('0:00');
    expect(formatWait(12_999)).toBe('0:12');
    expect(formatWait(65_000)).toBe('1:05');
    expect(formatWait(720_000)).toBe('12:00');
    expect(formatWait(-500)).toBe('0:00');
  });

  it('finds the other player and names the practice clash within the limit', () => {
    expect(opponentOf(clash(1), 2)?.name).toBe('Ana');
    expect(botClashName('Ana', 'Yamb Bot')).toBe('Ana – Yamb Bot');
    expect(botClashName('x'.repeat(60), 'Yamb Bot')).toHaveLength(50);
  });
});
