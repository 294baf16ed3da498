import { describe, expect, it } from 'vitest';
import { when } from '../../web/components/table/cells';

// How a table writes a date: relative within the last week; beyond it the date, short in a compact table
// (day and month, the year only when it is not this one).

const now = Date.parse('2026-11-23T12:00:00Z');

describe('when', () => {
  it('is relative within the last week, in the short style when compact', () => {
    expect(when('2026-11-23T11:55:00Z', now, 'en-US')).toBe('5 minutes ago');
    expect(when('2026-11-23T11:55:00Z', now, 'en-US', true)).toBe('5 min. ago');
    expect(when('2026-11-20T12:00:00Z', now, 'hr', true)).toBe('prije 3 dana');
  });

  it('is the date beyond a week, without the year of this year when compact', () => {
    expect(when('2026-11-02T12:00:00Z', now, 'en-US')).toBe('Nov 2, 2026');
    expect(when('2026-11-02T12:00:00Z', now, 'en-US', true)).toBe('Nov 2');
    expect(when('2025-11-02T12:00:00Z', now, 'en-US', true)).toBe('Nov 2, 25');
    expect(when('2026-11-02T12:00:00Z', now, 'hr', true)).toBe('2. stu');
  });
});
