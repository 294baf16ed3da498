import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '../components/ComingSoon';

export default function Player() {
  const { t } = useTranslation();
  const { id } = useParams();
  return <ComingSoon title={t('screens.player', { id })} />;
}
