import { afterEach, describe, expect, it, vi } from 'vitest';
import { cryptoDiceSource } from '../../game/dice';

function bytes(values: number[]) {
  return (array: ArrayBufferView) => {
    (array as Uint8Array).set(values);
    return array;
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('cryptoDiceSource', () => {
  it('returns as many dice as asked, each 1 to 6', () => {
    for (const count of [1, 2, 5]) {
      const dice = cryptoDiceSource(count);
      expect(dice).toHaveLength(count);
      for (const d of dice) expect([1, 2, 3, 4, 5, 6]).toContain(d);
    }
  });

  it('is roughly uniform over many draws', () => {
    const draws = 60_000;
    const counts = [0, 0, 0, 0, 0, 0];
    for (const d of cryptoDiceSource(draws)) counts[d - 1]++;
    const expected = draws / 6;
    const chiSquare = counts.reduce((acc, c) => acc + (c - expected) ** 2 / expected, 0);
    // 5 degrees of freedom: 30 is far past p = 0.0001 (25.7), so a fair source essentially never fails.
    expect(chiSquare).toBeLessThan(30);
  });

  it('throws away bytes 252 to 255 and draws again', () => {
    const spy = vi
      .spyOn(crypto, 'getRandomValues')
      .mockImplementationOnce(bytes([252, 253, 254, 255, 0]))
      .mockImplementationOnce(bytes([1, 2, 3, 251]));
    expect(cryptoDiceSource(5)).toEqual([1, 2, 3, 4, 6]);
    expect(spy).toHaveBeenCalledTimes(2);
    expect((spy.mock.calls[1][0] as Uint8Array).length).toBe(4);
  });
});
