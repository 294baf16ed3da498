import { useTranslation } from 'react-i18next';
import { useCurrentGame } from '../api/games';
import { useSession } from '../api/session';
import { GameFailed, GameLoading, GameScreen } from '../components/game/GameScreen';
import { PlayNowButton } from '../components/quickMatch/PlayNowButton';
import { useTitle } from '../components/useTitle';

/** `/`: the current player's game, obtained or created for them; archiving it moves this screen to the next one. */
export default function Play() {
  const { t } = useTranslation();
  const { player } = useSession();
  const current = useCurrentGame(player?.id);
  useTitle(t('game.play'));

  if (!player) return <GameFailed message={t('game.noPlayer')} />;
  // Below the board: an offer of a live opponent, out of the way of the dice on a phone.
  if (current.data !== undefined) {
    return (
      <>
        <GameScreen id={current.data} />
        <PlayNowButton />
      </>
    );
  }
  if (current.isError) {
    return (
      <GameFailed
        message={current.error.message || t('game.loadFailed')}
        onRetry={() => void current.refetch()}
      />
    );
  }
  return <GameLoading />;
}
