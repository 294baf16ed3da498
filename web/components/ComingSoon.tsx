import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DieFace } from './DieFace';
import { useTitle } from './useTitle';

/** Stands in for a screen that is not built yet; `title` is the screen's translated name. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  useTitle(title);
  return (
    <section className="page coming-soon" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{title}</h1>
      <div className="card coming-soon-card">
        <DieFace value={4} size={56} />
        <div>
          <p className="coming-soon-lead">{t('comingSoon.lead')}</p>
          <p className="muted">
            {t('comingSoon.text')} <Link to="/about#rules">{t('comingSoon.rulesLink')}</Link>
          </p>
        </div>
      </div>
    </section>
  );
}
