import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CORRESPONDENCE_WARNING_SECONDS, isCorrespondence } from '../../../contract/clashRules';
import { timeLeftText } from './timeLeft';

export { clockText } from './timeLeft';

/** Seconds left until `deadline` (epoch ms), never more than the clock holds nor less than zero. */
export function secondsLeft(deadline: number, turnSeconds: number, now: number): number {
  return Math.max(0, Math.min(turnSeconds, Math.ceil((deadline - now) / 1000)));
}

/**
 * The time left for the turn on, counted down from the server's deadline (so a reload or a second tab
 * shows the same time). The number is a timer, not a live region: it is read when focused, not every second.
 * A day clock reads in days, hours and minutes, and ticks twice a minute; it is urgent in its last hours.
 */
export function TurnClock({ deadline, turnSeconds }: { deadline: string; turnSeconds: number }) {
  const { t } = useTranslation();
  const end = Date.parse(deadline);
  const days = isCorrespondence(turnSeconds);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), days ? 30_000 : 250);
    return () => clearInterval(timer);
  }, [end, days]);
  // A gift of more time may put more on the clock than a turn holds.
  const left = secondsLeft(end, days ? Infinity : turnSeconds, now);
  const share = Math.min(1, left / turnSeconds);
  const urgent = left <= (days ? CORRESPONDENCE_WARNING_SECONDS : 10);
  return (
    <p
      className={urgent ? 'turn-clock turn-clock--urgent' : 'turn-clock'}
      role="timer"
      aria-label={t('clashes.live.clock')}
    >
      <span className="turn-clock-bar" aria-hidden="true">
        <span className="turn-clock-fill" style={{ transform: `scaleX(${share})` }} />
      </span>
      <span className="turn-clock-text">
        {t('clashes.live.clockLeft', { time: timeLeftText(t, left, turnSeconds) })}
      </span>
    </p>
  );
}
