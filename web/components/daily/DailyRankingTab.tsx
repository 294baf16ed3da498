import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayOf } from '../../../contract/days';
import { useDaily } from '../../api/daily';
import { useSession } from '../../api/session';
import { DailyRanking } from './DailyRanking';
import { dayBefore, formatDay } from './day';
import './daily.css';

type Which = 'today' | 'yesterday';
const WHICH: readonly Which[] = ['today', 'yesterday'];

/** The rankings' Daily tab: today's daily ranking so far, or yesterday's final one. */
export function DailyRankingTab() {
  const { t, i18n } = useTranslation();
  const { player } = useSession();
  // The server's day, not the device's: a clock set wrong would ask for a day to come.
  const today = useDaily(player?.id).data?.day ?? dayOf(Date.now());
  const [which, setWhich] = useState<Which>('today');
  const day = which === 'today' ? today : dayBefore(today);
  const caption = t(`daily.ranking.${which}`);
  return (
    <div className="daily-ranking-tab">
      <div className="daily-switch" role="group" aria-label={t('daily.ranking.which')}>
        {WHICH.map((option) => (
          <button
            key={option}
            type="button"
            className="daily-switch-option"
            aria-pressed={which === option}
            onClick={() => setWhich(option)}
          >
            {t(`daily.ranking.${option}Short`)}
          </button>
        ))}
      </div>
      <p className="muted daily-ranking-day">
        {t(which === 'today' ? 'daily.ranking.soFar' : 'daily.ranking.final', {
          date: formatDay(day, i18n.language),
        })}
      </p>
      <DailyRanking
        key={day}
        day={day}
        id="rankings-daily"
        caption={caption}
        empty={t(which === 'today' ? 'daily.ranking.emptyToday' : 'daily.ranking.emptyYesterday')}
      />
    </div>
  );
}
