import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDailyStreak } from '../../api/daily';
import './daily.css';

/** A player's Daily Yamb streak on their page ("🔥 3-day Daily streak"); nothing while they have none. */
export function DailyStreak({ id }: { id: number }) {
  const { t } = useTranslation();
  const streak = useDailyStreak(id).data?.streak ?? 0;
  if (streak === 0) return null;
  return (
    <p className="daily-player-streak" data-testid="player-daily-streak">
      <Link to="/daily">{t('daily.playerStreak', { count: streak })}</Link>
    </p>
  );
}
