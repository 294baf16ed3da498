// How a clash's clock reads: a live clock in minutes and seconds ("1:05"), a day clock in days, hours and
// minutes ("2 days 4 h", "23 h 10 min"). Pure (the translate function is passed in), so node can test it.
import { DAY_SECONDS, isCorrespondence } from '../../../contract/clashRules';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const HOUR = 60 * 60;

/** "1:05": a live clock's minutes and seconds. */
export const clockText = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** A day clock's time left: "2 days 4 h" from a day up, "23 h 10 min" under a day, "10 min" under an hour. */
export function durationText(t: Translate, seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const days = Math.floor(total / DAY_SECONDS);
  const hours = Math.floor((total % DAY_SECONDS) / HOUR);
  const minutes = Math.floor((total % HOUR) / 60);
  if (days > 0)
    return hours > 0
      ? t('clashes.timeLeft.daysHours', { count: days, hours })
      : t('clashes.timeLeft.days', { count: days });
  if (hours > 0) return t('clashes.timeLeft.hoursMinutes', { hours, minutes });
  return total >= 60 ? t('clashes.timeLeft.minutes', { minutes }) : clockText(total);
}

/** The time left on a clock of `turnSeconds`: "1:05" on a live one, "23 h 10 min" on a day one. */
export const timeLeftText = (t: Translate, seconds: number, turnSeconds: number): string =>
  isCorrespondence(turnSeconds) ? durationText(t, seconds) : clockText(seconds);

/** A clock choice: "30 s" a turn, or "1 day", "3 days". */
export const clockChoiceText = (t: Translate, turnSeconds: number): string =>
  isCorrespondence(turnSeconds)
    ? t('clashes.timeLeft.days', { count: turnSeconds / DAY_SECONDS })
    : t('clashes.create.clockSeconds', { count: turnSeconds });
