import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PresenceProvider } from '../api/presence';
import { QuickMatchProvider, useQuickMatch } from '../api/quickMatch';
import { useSession } from '../api/session';
import { useLayout } from '../layout';
import { HealthBanner } from './HealthBanner';
import { LoadingDie } from './LoadingDie';
import { Nav } from './Nav';
import { Deferred, onDemand } from './onDemand';

// Neither shows on a first paint: fetched when the list is first opened, when a search first starts.
const NotificationsDialog = onDemand(() =>
  import('./notifications/NotificationsDialog').then((m) => m.NotificationsDialog),
);
// A registered player's live notifications as toasts: fetched once the shell is up (a guest gets none).
const NotificationToasts = onDemand(() =>
  import('./notifications/NotificationToasts').then((m) => m.NotificationToasts),
);
const QuickMatchPanel = onDemand(() => import('./quickMatch/QuickMatchPanel').then((m) => m.QuickMatchPanel));

/** The quick-match panel, from the first time a search starts (it shows nothing while there is none). */
function QuickMatchPanelWhenSearched() {
  const { state } = useQuickMatch();
  return (
    <Deferred until={state.phase !== 'idle'}>
      <QuickMatchPanel />
    </Deferred>
  );
}

/**
 * The shell around every screen: navigation and the main area; the loading die until the player is known.
 * It holds the tab's presence socket, the quick-match search with its panel, and the notification list
 * and toasts (registered players only).
 */
export function Layout() {
  const { t } = useTranslation();
  const { loading, notificationsOpen } = useLayout();
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
          {registered ? (
            <Deferred until={notificationsOpen}>
              <NotificationsDialog />
            </Deferred>
          ) : null}
          {registered ? (
            <Suspense>
              <NotificationToasts />
            </Suspense>
          ) : null}
          <QuickMatchPanelWhenSearched />
        </div>
      </QuickMatchProvider>
    </PresenceProvider>
  );
}
