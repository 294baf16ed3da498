import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { gameKeys, useGame, useLiveGame } from '../../api/games';
import { GameBoard } from '../game/GameBoard';
import { GameFailed, GameLoading } from '../game/GameScreen';

export interface ClashBoardProps {
  gameId: number;
  /** The clash the game is in: its reads name it (api/games.ts useGame). */
  clashId: number;
  viewerId: number | null;
  /** The line above the board for anyone but its player. */
  banner?: string;
}

/**
 * One game of a clash on the solo board, kept current by its own live socket. It is the player's to play
 * only while the server gives them its links (their turn); everyone else sees it read-only.
 */
export function ClashBoard({ gameId, clashId, viewerId, banner }: ClashBoardProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useGame(gameId, clashId);
  const live = useLiveGame(gameId);

  // The board changes hands: a copy cached during an earlier turn lacks the links this turn gives.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: gameKeys.game(gameId) });
  }, [client, gameId]);

  const game = query.data;
  if (game) {
    return <GameBoard game={game} viewerId={viewerId} live={live} headingLevel={2} banner={banner} />;
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <GameFailed
        message={notFound ? t('game.notFound', { id: gameId }) : query.error.message || t('game.loadFailed')}
        onRetry={notFound ? undefined : () => void query.refetch()}
      />
    );
  }
  return <GameLoading />;
}
