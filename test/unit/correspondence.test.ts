import { describe, expect, it } from 'vitest';
import type { ClashResource } from '../../contract/clashes';
import {
  DAY_SECONDS,
  isCorrespondence,
  refuseMoreTime,
  type ClashView,
  withMoreTime,
} from '../../game/clash';
import { warningLead, warningParams } from '../../durable-objects/turnWarning';
import { clockLeft } from '../../web/components/clash/model';
import { clockChoiceText, durationText, timeLeftText } from '../../web/components/clash/timeLeft';

// Correspondence clocks' rules and words (issue 29), with a translate function that shows what it was asked.
const t = (key: string, options?: Record<string, unknown>) =>
  `${key.split('.').pop()}${JSON.stringify(options ?? {})}`;

const view = (over: Partial<ClashView> = {}): ClashView => ({
  id: 1,
  name: 'Letters',
  type: 'LIVE',
  status: 'IN_PROGRESS',
  owner: { id: 1, name: 'Ana' },
  players: [
    { id: 1, name: 'Ana', avatarKey: null, status: 'ACCEPTED', score: 0, gameId: 11 },
    { id: 2, name: 'Ben', avatarKey: null, status: 'ACCEPTED', score: 0, gameId: 12 },
  ],
  turn: 0,
  turnSeconds: DAY_SECONDS,
  turnDeadline: 1_000_000,
  createdAt: 0,
  updatedAt: 0,
  ...over,
});

describe('correspondence clocks', () => {
  it('are a day or more a turn, and warn hours before the end where a live clock warns 15 s before', () => {
    expect([30, 60, 120, null].map(isCorrespondence)).toEqual([false, false, false, false]);
    expect([DAY_SECONDS, 3 * DAY_SECONDS].map(isCorrespondence)).toEqual([true, true]);
    expect(warningLead(60)).toBe(15_000);
    expect(warningLead(DAY_SECONDS)).toBe(2 * 60 * 60 * 1000);
    expect(warningParams(14)).toEqual({ seconds: '14' });
    expect(warningParams(7200)).toEqual({ context: 'hours', hours: '2', seconds: '7200' });
  });

  it('read as days, hours and minutes, and a live clock as minutes and seconds', () => {
    expect(durationText(t, 2 * DAY_SECONDS + 4 * 3600 + 59)).toBe('daysHours{"count":2,"hours":4}');
    expect(durationText(t, DAY_SECONDS)).toBe('days{"count":1}');
    expect(durationText(t, 23 * 3600 + 10 * 60 + 5)).toBe('hoursMinutes{"hours":23,"minutes":10}');
    expect(durationText(t, 600)).toBe('minutes{"minutes":10}');
    expect(timeLeftText(t, 65, 120)).toBe('1:05');
    expect(timeLeftText(t, 65, DAY_SECONDS)).toBe('minutes{"minutes":1}');
    expect(clockChoiceText(t, 3 * DAY_SECONDS)).toBe('days{"count":3}');
    expect(clockChoiceText(t, 30)).toBe('clockSeconds{"count":30}');
  });
});

describe('the "more time" gift', () => {
  it('is given by a player not on turn, once per clash, in a running correspondence clash only', () => {
    expect(refuseMoreTime(view(), 1)?.key).toBe('clash-own-turn');
    expect(refuseMoreTime(view(), 3)?.key).toBe('not-clash-member');
    expect(refuseMoreTime(view({ turnSeconds: 120 }), 2)?.key).toBe('clash-not-correspondence');
    expect(refuseMoreTime(view({ status: 'COMPLETED' }), 2)?.key).toBe('clash-not-in-progress');
    expect(refuseMoreTime(view(), 2)).toBeNull();
    const given = withMoreTime(view(), 2);
    expect(given.turnDeadline).toBe(1_000_000 + DAY_SECONDS * 1000);
    expect(refuseMoreTime(given, 2)?.key).toBe('clash-more-time-given');
  });
});

describe('the clashes screen', () => {
  const listed = (id: number, turn: number, deadline: number | null): ClashResource =>
    ({
      id,
      status: 'IN_PROGRESS',
      turn,
      players: [{ id: 1 }, { id: 2 }],
      turnDeadline: deadline === null ? null : new Date(deadline).toISOString(),
    }) as unknown as ClashResource;

  it('tells the time left on a running clash’s clock', () => {
    expect(clockLeft(listed(1, 0, 65_000), 0)).toBe(65);
    expect(clockLeft(listed(1, 0, null), 0)).toBeNull();
  });
});
