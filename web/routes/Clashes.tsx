import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useClashes } from '../api/clashes';
import { useSession } from '../api/session';
import { ClashList } from '../components/clash/ClashList';
import { CreateClashForm } from '../components/clash/CreateClashForm';
import { ChallengeForm } from '../components/challenges/ChallengeForm';
import { MyChallenges } from '../components/challenges/MyChallenges';
import { LiveClashes } from '../components/clash/LiveClashes';
import '../components/clash/clash.css';
import { GameFailed, GameLoading } from '../components/game/GameScreen';
import { PlayNowButton } from '../components/quickMatch/PlayNowButton';
import { PracticeButton } from '../components/clash/PracticeButton';
import { useTitle } from '../components/useTitle';
import { failureText } from '../api/outage';

/** `/clashes`: the player's clashes by status, and a new one. Guests are asked to sign up first. */
export default function Clashes() {
  const { t } = useTranslation();
  useTitle(t('clashes.title'));
  const { player } = useSession();
  const member = !!player && !player.guest;
  // Admins may list every clash (`?all=1`, the admin page's link); the server refuses it to others.
  const [params] = useSearchParams();
  const everyone = !!player?.admin && params.get('all') === '1';
  const query = useClashes(member, everyone ? 'all' : 'mine');

  return (
    <section className="page clash-page" aria-labelledby="clashes-title">
      <h1 id="clashes-title">{t('clashes.title')}</h1>
      {!member ? (
        <>
          <div className="card clash-guest">
            <h2>{t('clashes.guest.title')}</h2>
            <p>{t('clashes.guest.text')}</p>
            <p className="clash-guest-actions">
              <Link to="/register" className="button button-primary">
                {t('clashes.guest.signUp')}
              </Link>
              <Link to="/login" className="button">
                {t('clashes.guest.signIn')}
              </Link>
            </p>
          </div>
          <LiveClashes />
        </>
      ) : (
        <>
          <p className="clash-lead">{t('clashes.lead')}</p>
          {player.admin && (
            <p>
              <Link to={everyone ? '/clashes' : '/clashes?all=1'}>
                {everyone ? t('clashes.admin.mine') : t('clashes.admin.everyone')}
              </Link>
            </p>
          )}
          {query.isError ? (
            <GameFailed
              message={failureText(query.error, t('clashes.loadFailed'))}
              onRetry={() => void query.refetch()}
            />
          ) : query.data ? (
            <ClashList clashes={query.data} viewerId={player.id} />
          ) : (
            <GameLoading />
          )}
          <LiveClashes />
          <PlayNowButton />
          <PracticeButton player={player} />
          <CreateClashForm owner={player} />
          <ChallengeForm />
          <MyChallenges />
        </>
      )}
    </section>
  );
}
