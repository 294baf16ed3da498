import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import hr from '../../locales/hr.json';

// Every string has its words in both languages: a key in one file only would show its raw name to the
// readers of the other (Croatian's `_few` plural forms are carried in English too, as `_other`).

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('the locales', () => {
  it('have the same keys in English and Croatian', () => {
    const english = new Set(keysOf(en));
    const croatian = new Set(keysOf(hr));
    expect([...english].filter((key) => !croatian.has(key))).toEqual([]);
    expect([...croatian].filter((key) => !english.has(key))).toEqual([]);
  });

  it('leave no string empty', () => {
    const empty = (tree: object) =>
      keysOf(tree).filter(
        (key) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], tree) === '',
      );
    expect(empty(en)).toEqual([]);
    expect(empty(hr)).toEqual([]);
  });
});
