import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useGame, useLiveGame } from '../../api/games';
import type { GameResource } from '../../../contract/games';
import { useSession } from '../../api/session';
import { useLayout } from '../../layout';
import { DieFace } from '../DieFace';
import { useTitle } from '../useTitle';
import { GameBoard } from './GameBoard';
import './game.css';

/** While a game loads: a die turning on the table (the CSS stops it under reduced motion). */
export function GameLoading() {
  const { t } = useTranslation();
  return (
    <div className="board-loading" role="status">
      <DieFace value={5} size={64} className="loading-die" />
      <p className="muted">{t('game.loading')}</p>
    </div>
  );
}

export function GameFailed({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="board-failed card" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {t('game.retry')}
        </button>
      ) : null}
    </div>
  );
}

/** Game `id`, kept current by its live socket; the board is interactive for its player only. */
export function GameScreen({ id, onNewGame }: { id: number; onNewGame?: (next: GameResource) => void }) {
  const { t } = useTranslation();
  const { player } = useSession();
  const { setInGame } = useLayout();
  const query = useGame(id);
  const live = useLiveGame(id);
  const game = query.data;
  const watching = game !== undefined && game.player.id !== player?.id;
  useTitle(watching ? t('game.watching', { name: game.player.name }) : t('game.play'));

  useEffect(() => {
    setInGame(true);
    return () => setInGame(false);
  }, [setInGame]);

  if (game) return <GameBoard game={game} viewerId={player?.id ?? null} live={live} onNewGame={onNewGame} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <GameFailed
        message={notFound ? t('game.notFound', { id }) : query.error.message || t('game.loadFailed')}
        onRetry={notFound ? undefined : () => void query.refetch()}
      />
    );
  }
  return <GameLoading />;
}
