import { describe, expect, it } from 'vitest';
import { formatPercent } from '../../web/format';

describe('formatPercent: one percentage style per language, on the board and in the games table', () => {
  it('writes English percentages with the sign right after the number', () => {
    expect(formatPercent(0, 'en-US')).toBe('0%');
    expect(formatPercent(42, 'en-US')).toBe('42%');
    expect(formatPercent(100, 'en-US')).toBe('100%');
  });

  it('writes Croatian percentages with a no-break space before the sign', () => {
    expect(formatPercent(0, 'hr')).toBe('0\u00a0%');
    expect(formatPercent(42, 'hr')).toBe('42\u00a0%');
  });

  it('rounds to whole percents', () => {
    expect(formatPercent(33.4, 'en-US')).toBe('33%');
  });

  it('writes what Intl.NumberFormat writes in both languages, for every whole and half percent', () => {
    for (const language of ['en-US', 'hr']) {
      const intl = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
      for (let tenths = 0; tenths <= 1000; tenths += 5)
        expect(formatPercent(tenths / 10, language)).toBe(intl.format(tenths / 1000));
    }
  });
});
