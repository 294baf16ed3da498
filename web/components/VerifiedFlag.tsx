import { useTranslation } from 'react-i18next';
import './forms.css';

/** "Verified" or "Not verified" beside an e-mail address. */
export function VerifiedFlag({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={verified ? 'flag flag-ok' : 'flag flag-warn'}>
      {t(verified ? 'auth.verified' : 'auth.notVerified')}
    </span>
  );
}
