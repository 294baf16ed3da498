import { useTranslation } from 'react-i18next';
import { useMyChallenges } from '../../api/challenges';
import { settingsWords, timeLeftWords } from './challengeText';
import { ShareChallengeButton } from './ShareChallengeButton';
import './challenges.css';
import { CancelChallengeButton } from './CancelChallengeButton';

/** The player's open challenge links: the settings, the seats taken, the time left; share again or cancel. */
export function MyChallenges() {
  const { t } = useTranslation();
  const query = useMyChallenges(true);
  const challenges = query.data ?? [];
  if (challenges.length === 0) return null;
  const now = Date.now();
  return (
    <section className="card my-challenges" aria-labelledby="my-challenges-title">
      <h2 id="my-challenges-title">{t('challenges.mine.title')}</h2>
      <ul className="my-challenges-list">
        {challenges.map((challenge) => (
          <li key={challenge.code} className="my-challenge">
            <p className="my-challenge-settings">{settingsWords(t, challenge)}</p>
            <p className="my-challenge-state">
              {t('challenges.seatsTaken', { taken: challenge.seatsTaken, seats: challenge.seats })}
              {' · '}
              {timeLeftWords(t, challenge.expiresAt, now)}
            </p>
            <p className="my-challenge-actions">
              <ShareChallengeButton challenge={challenge} />
              <CancelChallengeButton challenge={challenge} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
