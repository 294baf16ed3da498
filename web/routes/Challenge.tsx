import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { ChallengeResource } from '../../contract/challenges';
import { useChallenge, useJoinChallenge } from '../api/challenges';
import { ApiError } from '../api/client';
import { useSession } from '../api/session';
import { Avatar } from '../components/Avatar';
import { settingsWords, timeLeftWords } from '../components/challenges/challengeText';
import { ShareChallengeButton } from '../components/challenges/ShareChallengeButton';
import '../components/challenges/challenges.css';
import { GameFailed, GameLoading } from '../components/game/GameScreen';
import { toastError } from '../components/Toasts';
import { useTitle } from '../components/useTitle';
import { CancelChallengeButton } from '../components/challenges/CancelChallengeButton';

/** What the viewer may do with the link now: join, wait, share their own, or open the clash. */
function ChallengeActions({ challenge }: { challenge: ChallengeResource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { player, loading } = useSession();
  const join = useJoinChallenge(challenge.code);
  const played = challenge.mine || challenge.mySeat !== null;

  switch (challenge.status) {
    case 'STARTED':
      return (
        <p className="challenge-state">
          <span>{t(played ? 'challenges.page.startedYours' : 'challenges.page.started')}</span>
          {challenge.clashId !== null ? (
            <Link to={`/clashes/${challenge.clashId}`} className="button button-primary">
              {t(played ? 'challenges.page.play' : 'challenges.page.watch')}
            </Link>
          ) : null}
        </p>
      );
    case 'EXPIRED':
    case 'CANCELLED':
      return (
        <p className="challenge-state challenge-state--over">
          <span>{t(`challenges.page.${challenge.status}`)}</span>
          <Link to="/clashes">{t('challenges.page.toClashes')}</Link>
        </p>
      );
    case 'OPEN':
      if (challenge.mine)
        return (
          <div className="challenge-state">
            <p>{t('challenges.page.yours')}</p>
            <p className="challenge-buttons">
              <ShareChallengeButton challenge={challenge} primary />
              <CancelChallengeButton challenge={challenge} />
            </p>
          </div>
        );
      if (challenge.mySeat !== null)
        return (
          <p className="challenge-state" role="status">
            {t('challenges.page.waiting')}
          </p>
        );
      return (
        <p className="challenge-state">
          <button
            type="button"
            className="button button-primary challenge-join"
            disabled={!player || loading || join.isPending || !challenge._links.join}
            onClick={() =>
              join.mutate(challenge, {
                onSuccess: ({ clash }) => {
                  if (clash) void navigate(`/clashes/${clash.id}`);
                },
                onError: toastError,
              })
            }
          >
            {t(join.isPending ? 'challenges.page.joining' : 'challenges.page.join')}
          </button>
          {player?.guest ? <span className="field-hint">{t('challenges.page.asGuest')}</span> : null}
        </p>
      );
  }
}

/** `/challenges/:code`: who challenges, the settings in words, and one tap to join (a visitor as a guest). */
export default function Challenge() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const query = useChallenge(code);
  const challenge = query.data;
  useTitle(
    challenge ? t('challenges.page.title', { player: challenge.maker.name }) : t('challenges.page.heading'),
  );

  if (!challenge) {
    if (query.isError) {
      const missing = query.error instanceof ApiError && query.error.status === 404;
      return (
        <section className="page challenge-page" aria-labelledby="challenge-title">
          <h1 id="challenge-title">{t('challenges.page.heading')}</h1>
          <GameFailed
            message={missing ? t('challenges.page.notFound') : query.error.message}
            onRetry={missing ? undefined : () => void query.refetch()}
          />
        </section>
      );
    }
    return <GameLoading />;
  }

  return (
    <section className="page challenge-page" aria-labelledby="challenge-title">
      <div className="card challenge-card">
        <div className="challenge-maker">
          <Avatar player={challenge.maker} size={64} />
          <div>
            <h1 id="challenge-title">{t('challenges.page.title', { player: challenge.maker.name })}</h1>
            <p className="muted">{t('challenges.page.rating', { rating: challenge.maker.rating })}</p>
          </div>
        </div>
        <p className="challenge-settings">{settingsWords(t, challenge)}</p>
        <p className="muted">
          {t('challenges.seatsTaken', { taken: challenge.seatsTaken, seats: challenge.seats })}
          {challenge.status === 'OPEN' ? ` · ${timeLeftWords(t, challenge.expiresAt, Date.now())}` : ''}
        </p>
        <ChallengeActions challenge={challenge} />
      </div>
    </section>
  );
}
