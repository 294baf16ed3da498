import { describe, expect, it } from 'vitest';
import { formatBytes, uptimeParts } from '../../web/components/about/figures';
import { invalidEmails, splitEmails } from '../../web/components/tickets/emails';

describe('a ticket’s e-mail addresses, comma separated', () => {
  it('splits on commas and drops blanks and spaces', () => {
    expect(splitEmails(' ana@example.com,ben@example.hr , ,')).toEqual(['ana@example.com', 'ben@example.hr']);
    expect(splitEmails('')).toEqual([]);
  });

  it('names each address the account rule refuses, and only those', () => {
    expect(invalidEmails('ana@example.com, nope, ben@example.hr, a@b')).toEqual(['nope', 'a@b']);
    expect(invalidEmails('ana@example.com')).toEqual([]);
  });
});

describe('the status tab’s server figures', () => {
  it('splits an uptime into days, hours, minutes and seconds', () => {
    expect(uptimeParts(90_061)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(uptimeParts(59.9)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 59 });
    expect(uptimeParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('writes storage in powers of 1000 in the page’s language', () => {
    expect(formatBytes(512, 'en-US')).toBe('512 B');
    expect(formatBytes(1_234_567, 'en-US')).toBe('1.2 MB');
    expect(formatBytes(1_234_567, 'hr')).toBe('1,2 MB');
    expect(formatBytes(5_000_000_000, 'en-US')).toBe('5 GB');
  });
});
