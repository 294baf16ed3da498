import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where a practice game starts (or resumes), played in the browser with no server (/table). */
export const PRACTICE_PATH = '/table?start=practice';

/**
 * What the health banner says with no connection (issue 28; a chunk of its own, fetched from the service
 * worker's precache when the browser goes offline): that, what works offline, and a practice game to play.
 */
export default function OfflineBanner() {
  const { t } = useTranslation();
  return (
    <div className="health-banner offline-banner" role="status" data-testid="offline-banner">
      <p>{t('pwa.offline')}</p>
      <Link className="button button-primary" to={PRACTICE_PATH} data-testid="practice-offer">
        {t('pwa.practice')}
      </Link>
    </div>
  );
}
