import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useLayout } from '../layout';
import { LoadingDie } from './LoadingDie';
import { Nav } from './Nav';

/** The shell around every screen: navigation and the main area; the loading die until the player is known. */
export function Layout() {
  const { t } = useTranslation();
  const { loading } = useLayout();
  if (loading) return <LoadingDie />;
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <Nav />
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
