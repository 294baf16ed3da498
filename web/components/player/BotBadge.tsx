import { useTranslation } from 'react-i18next';

/** Marks the practice bot wherever a name is shown (rankings, clashes, its page), in words, not only colour. */
export function BotBadge() {
  const { t } = useTranslation();
  return (
    <span className="bot-badge" title={t('players.botTitle')}>
      {t('players.bot')}
    </span>
  );
}
