import { dayOf } from '../../../contract/days';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A UTC day (`YYYY-MM-DD`) written long in `locale` ("23 November 2026"): the day itself, not its local date. */
export function formatDay(day: string, locale: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, { dateStyle: 'long', timeZone: 'UTC' });
}

/** The UTC day before `day`. */
export const dayBefore = (day: string): string => dayOf(Date.parse(`${day}T00:00:00Z`) - DAY_MS);
