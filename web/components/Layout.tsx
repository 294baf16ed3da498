import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PresenceProvider } from '../api/presence';
import { QuickMatchProvider } from '../api/quickMatch';
import { useSession } from '../api/session';
import { useLayout } from '../layout';
import { HealthBanner } from './HealthBanner';
import { LoadingDie } from './LoadingDie';
import { Nav } from './Nav';
import { NotificationsDialog } from './notifications/NotificationsDialog';
import { NotificationToasts } from './notifications/NotificationToasts';
import { QuickMatchPanel } from './quickMatch/QuickMatchPanel';

/**
 * The shell around every screen: navigation and the main area; the loading die until the player is known.
 * It holds the tab's presence socket, the quick-match search with its panel, and the notification list
 * and toasts (registered players only).
 */
export function Layout() {
  const { t } = useTranslation();
  const { loading } = useLayout();
  const { player } = useSession();
  if (loading) return <LoadingDie />;
  const registered = player !== null && !player.guest;
  return (
    <PresenceProvider>
      <QuickMatchProvider>
        <div className="shell">
          <a className="skip-link" href="#main">
            {t('nav.skipToContent')}
          </a>
          <Nav />
          <HealthBanner />
          <main id="main" className="main" tabIndex={-1}>
            <Outlet />
          </main>
          {registered ? <NotificationsDialog /> : null}
          {registered ? <NotificationToasts /> : null}
          <QuickMatchPanel />
        </div>
      </QuickMatchProvider>
    </PresenceProvider>
  );
}
