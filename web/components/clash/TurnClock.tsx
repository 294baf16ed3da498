import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Seconds left until `deadline` (epoch ms), never more than the clock holds nor less than zero. */
export function secondsLeft(deadline: number, turnSeconds: number, now: number): number {
  return Math.max(0, Math.min(turnSeconds, Math.ceil((deadline - now) / 1000)));
}

export const clockText = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The time left for the turn on, counted down from the server's deadline (so a reload or a second tab
 * shows the same time). The number is a timer, not a live region: it is read when focused, not every second.
 */
export function TurnClock({ deadline, turnSeconds }: { deadline: string; turnSeconds: number }) {
  const { t } = useTranslation();
  const end = Date.parse(deadline);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [end]);
  const left = secondsLeft(end, turnSeconds, now);
  const share = left / turnSeconds;
  const urgent = left <= 10;
  return (
    <p
      className={urgent ? 'turn-clock turn-clock--urgent' : 'turn-clock'}
      role="timer"
      aria-label={t('clashes.live.clock')}
    >
      <span className="turn-clock-bar" aria-hidden="true">
        <span className="turn-clock-fill" style={{ transform: `scaleX(${share})` }} />
      </span>
      <span className="turn-clock-text">{t('clashes.live.clockLeft', { time: clockText(left) })}</span>
    </p>
  );
}
