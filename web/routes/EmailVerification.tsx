import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../components/ComingSoon';

export default function EmailVerification() {
  const { t } = useTranslation();
  return <ComingSoon title={t('screens.emailVerification')} />;
}
