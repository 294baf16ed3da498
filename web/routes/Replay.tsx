import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../api/client';
import { useGame } from '../api/games';
import { useReplay } from '../api/replay';
import { useSession } from '../api/session';
import { GameFailed, GameLoading } from '../components/game/GameScreen';
import { ReplayScreen } from '../components/replay/ReplayScreen';
import { useTitle } from '../components/useTitle';

/** `/games/:id/replay`: a finished game moment by moment (`?turn=17&roll=2` names a moment), and its review. */
export default function Replay() {
  const { t } = useTranslation();
  const { id } = useParams();
  const gameId = Number(id);
  const valid = Number.isSafeInteger(gameId) && gameId > 0;
  const { player } = useSession();
  const query = useReplay(valid ? gameId : 0);
  const notYet = query.error instanceof ApiError && query.error.status === 404;
  // Why a replay is refused depends on the game: read it only then.
  const game = useGame(notYet ? gameId : undefined).data;
  useTitle(t('replay.screen'));

  if (!valid) return <GameFailed message={t('game.notFound', { id })} />;
  if (query.data) return <ReplayScreen replay={query.data} viewerId={player?.id ?? null} />;
  if (notYet) {
    const why = game?.type === 'DAILY' ? 'daily' : game?.type === 'CLASH' ? 'clash' : 'game';
    return <GameFailed message={t(`replay.notYet.${why}`)} />;
  }
  if (query.isError)
    return (
      <GameFailed
        message={query.error.message || t('game.loadFailed')}
        onRetry={() => void query.refetch()}
      />
    );
  return <GameLoading />;
}
