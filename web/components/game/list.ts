// The dates of the tables (and the name parts they show). Pure, so the unit tests run it in node.

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
