// What the app shows with no connection (issue 28): a chunk of its own, fetched when the browser goes offline
// (from the service worker's precache, like the rest of the app).
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import './pwa.css';

/** Where a practice game starts (or resumes), played in the browser with no server (/table). */
export const PRACTICE_PATH = '/table?start=practice';

function PracticeLink() {
  const { t } = useTranslation();
  return (
    <Link className="button button-primary" to={PRACTICE_PATH}>
      {t('pwa.practice')}
    </Link>
  );
}

/**
 * The health banner with no connection: that, what works offline, and a practice game, except where one is
 * offered already (the play screen) or played (the table's screens).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="health-banner offline-banner" role="status" data-testid="offline-banner">
      <p>{t('pwa.offline')}</p>
      {pathname === '/' || pathname.startsWith('/table') ? null : <PracticeLink />}
    </div>
  );
}

/** The play screen with no connection and no session: the server's game waits, a practice game does not. */
export function OfflinePlay() {
  const { t } = useTranslation();
  return (
    <div className="board-failed card" data-testid="offline-play">
      <p>{t('pwa.offlinePlay')}</p>
      <PracticeLink />
    </div>
  );
}
