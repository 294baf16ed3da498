import { describe, expect, it } from 'vitest';
import { nameParts } from '../../web/components/game/list';

describe('nameParts: where a player name in the games table may break', () => {
  it('cuts a guest name into its colour, animal and number', () => {
    expect(nameParts('PurpleDolphin999')).toEqual(['Purple', 'Dolphin', '999']);
    expect(nameParts('PinkPanda7')).toEqual(['Pink', 'Panda', '7']);
  });

  it('leaves a one-word name whole and keeps every character', () => {
    expect(nameParts('marko')).toEqual(['marko']);
    for (const name of ['ŠimeŽarko12', 'john_doe', 'ABC', 'a1b2'])
      expect(nameParts(name).join('')).toBe(name);
  });
});
