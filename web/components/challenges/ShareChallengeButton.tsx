import { useTranslation } from 'react-i18next';
import type { ChallengeResource } from '../../../contract/challenges';
import { useShare } from '../useShare';
import { settingsWords } from './challengeText';

/** Shares a challenge's link through the app's one way of sharing (the share sheet, else the clipboard). */
export function ShareChallengeButton({
  challenge,
  primary = false,
}: {
  challenge: ChallengeResource;
  primary?: boolean;
}) {
  const { t } = useTranslation();
  const share = useShare();
  return (
    <button
      type="button"
      className={primary ? 'button button-primary' : 'button'}
      onClick={() =>
        void share({
          title: t('challenges.share.title'),
          text: t('challenges.share.text', {
            player: challenge.maker.name,
            settings: settingsWords(t, challenge),
          }),
          url: challenge.link,
        })
      }
    >
      {t('challenges.share.button')}
    </button>
  );
}
