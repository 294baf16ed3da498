import { describe, expect, it } from 'vitest';
import { clockText, secondsLeft } from '../../web/components/clash/TurnClock';

// The live clash's clock reads the server's deadline: what it shows for a given moment.

describe('the turn clock', () => {
  const deadline = Date.parse('2026-11-23T12:00:30.000Z');
  it('counts whole seconds down to the deadline, rounding up', () => {
    expect(secondsLeft(deadline, 30, deadline - 29_500)).toBe(30);
    expect(secondsLeft(deadline, 30, deadline - 12_001)).toBe(13);
    expect(secondsLeft(deadline, 30, deadline - 1)).toBe(1);
  });
  it('never shows less than zero after the deadline, nor more than the clock holds', () => {
    expect(secondsLeft(deadline, 30, deadline + 5000)).toBe(0);
    // A device clock minutes behind the server's would otherwise show a turn of several minutes.
    expect(secondsLeft(deadline, 30, deadline - 300_000)).toBe(30);
  });
  it('writes minutes and seconds', () => {
    expect(clockText(120)).toBe('2:00');
    expect(clockText(61)).toBe('1:01');
    expect(clockText(9)).toBe('0:09');
  });
});
