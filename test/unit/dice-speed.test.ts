import { describe, expect, it } from 'vitest';
import { FACE_MS, TUMBLE_MS } from '../../web/components/game/useDiceRoll';
import { tumbleMs } from '../../web/components/game/view';

describe('the dice speed setting', () => {
  it('tumbles 800-1800 ms at normal speed, as SPEC section 9 says', () => {
    const [min, max] = TUMBLE_MS.normal ?? [0, 0];
    expect(tumbleMs(0, min, max)).toBe(800);
    expect(tumbleMs(1, min, max)).toBe(1800);
  });

  it('lands within 400 ms when fast, counting the face tick that notices the landing', () => {
    const [min, max] = TUMBLE_MS.fast ?? [0, 0];
    expect(min).toBeGreaterThan(0);
    expect(tumbleMs(1, min, max) + FACE_MS).toBeLessThanOrEqual(400);
  });

  it('tumbles nothing when off', () => {
    expect(TUMBLE_MS.off).toBeNull();
  });
});
