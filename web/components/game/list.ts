// Sorting, paging and dates of the games table (SPEC section 7: everything is fetched, then sorted and
// paged here). Pure, so the unit tests run it in node.
import type { GameSummary } from '../../../contract/games';

export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;

export type GameSortKey = 'player' | 'updatedAt' | 'totalSum' | 'progress';
export type SortOrder = 'ASC' | 'DESC';

function compare(a: GameSummary, b: GameSummary, key: GameSortKey, collator: Intl.Collator): number {
  switch (key) {
    case 'player':
      return collator.compare(a.player.name, b.player.name);
    case 'updatedAt':
      return Date.parse(a.updatedAt) - Date.parse(b.updatedAt);
    case 'totalSum':
      return a.totalSum - b.totalSum;
    case 'progress':
      return a.progress - b.progress;
  }
}

/** A sorted copy; ties go to the most recent game, then the higher id, so the order is stable. */
export function sortGames(
  games: readonly GameSummary[],
  key: GameSortKey,
  order: SortOrder,
  locale = 'en-US',
) {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sign = order === 'ASC' ? 1 : -1;
  return [...games].sort(
    (a, b) =>
      sign * compare(a, b, key, collator) || Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || b.id - a.id,
  );
}

/** A new column sorts the natural way first (names A→Z, numbers and dates high→low); the same column flips. */
export function nextSort(
  current: { key: GameSortKey; order: SortOrder },
  key: GameSortKey,
): { key: GameSortKey; order: SortOrder } {
  if (current.key === key) return { key, order: current.order === 'ASC' ? 'DESC' : 'ASC' };
  return { key, order: key === 'player' ? 'ASC' : 'DESC' };
}

export interface Paged<T> {
  rows: T[];
  /** 0-based, clamped into range. */
  page: number;
  pages: number;
  /** 1-based positions of the first and last row shown (0 and 0 when empty). */
  from: number;
  to: number;
}

export function paginate<T>(rows: readonly T[], page: number, size: number): Paged<T> {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(0, Math.trunc(page) || 0), pages - 1);
  const slice = rows.slice(current * size, current * size + size);
  const from = slice.length ? current * size + 1 : 0;
  return { rows: slice, page: current, pages, from, to: from ? from + slice.length - 1 : 0 };
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** "5 minutes ago" ("5 min. ago" when short) within the last week, else the date in the locale's words. */
export function lastPlayed(
  iso: string,
  now: number,
  locale: string,
  style: 'long' | 'short' = 'long',
): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  let value = (time - now) / 1000;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style });
  for (const [unit, size] of UNITS) {
    const rounded = Math.round(value);
    if (Math.abs(rounded) < size) return format.format(rounded, unit);
    value /= size;
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(time);
}

/**
 * A player's name cut where a line may break: between the words of a camel-cased name and before a number,
 * so a guest's PurpleDolphin999 breaks as Purple·Dolphin·999, never inside a word.
 */
export function nameParts(name: string): string[] {
  return name
    .split(/(?<=[a-z\u00DF-\u024F])(?=[A-Z\u00C0-\u00DE])|(?<=\D)(?=\d)|(?<=[_.-])/u)
    .filter(Boolean);
}
