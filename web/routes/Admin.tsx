import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useSession } from '../api/session';
import { useTitle } from '../components/useTitle';

const SECTIONS = ['logs', 'games', 'players', 'scores', 'clashes', 'tickets'] as const;

/** Links to the admin lists. Hiding it is a courtesy: the server refuses admin calls to everyone else. */
export default function Admin() {
  const { t } = useTranslation();
  const { player } = useSession();
  useTitle(t('screens.admin'));
  if (!player?.admin) return <Navigate to="/" replace />;

  return (
    <section className="page" aria-labelledby="admin-title">
      <h1 id="admin-title">{t('screens.admin')}</h1>
      <ul className="link-grid">
        {SECTIONS.map((section) => (
          <li key={section}>
            <Link className="card link-card" to={section === 'clashes' ? '/clashes?all=1' : `/${section}`}>
              <span className="link-card-title">{t(`screens.${section}`)}</span>
              <span className="muted">{t(`admin.${section}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
