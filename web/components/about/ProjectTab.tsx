import { useTranslation } from 'react-i18next';

export function ProjectTab() {
  const { t } = useTranslation();
  return (
    <div className="card prose">
      <h2>{t('about.project.title')}</h2>
      <p>{t('about.project.text')}</p>
      <p>{t('about.project.stack')}</p>
    </div>
  );
}
