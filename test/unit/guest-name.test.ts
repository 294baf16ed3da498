import { describe, expect, it } from 'vitest';
import { GUEST_NAME, guestName } from '../../contract/guestName';

describe('guest names', () => {
  it('are a colour, an animal and a number 0 to 999', () => {
    let n = 0;
    const cycle = (max: number) => n++ % max;
    for (let i = 0; i < 200; i++) expect(guestName(cycle)).toMatch(GUEST_NAME);
    expect(guestName(() => 0)).toBe('RedPanda0');
    expect(guestName((max) => max - 1)).toBe('WhiteRabbit999');
  });

  it('the pattern refuses names that are not guest names', () => {
    for (const name of ['RedPanda1000', 'BlackPanda1', 'RedCat2', 'redpanda1', 'RedPanda'])
      expect(name).not.toMatch(GUEST_NAME);
  });
});
