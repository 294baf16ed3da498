import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameResource } from '../../../contract/games';
import { useShare } from '../useShare';
import type { GameMoves } from './useGameMoves';

export interface GameEnd {
  /** Null when the viewer may not start the next game (no archive link). */
  archive: (() => void) | null;
  congratsOpen: boolean;
  closeCongrats: () => void;
  share: () => void;
}

/** A finished game: the congratulations, sharing the score, and the next game. */
export function useGameEnd(
  moves: GameMoves,
  total: number,
  onNewGame?: (next: GameResource) => void,
): GameEnd {
  const { t } = useTranslation();
  const shareContent = useShare();
  const { game, isPlayer, send } = moves;
  const [congratsClosed, setCongratsClosed] = useState(false);
  // Another game (the next one after "New game") starts with the dialog closed.
  useEffect(() => {
    setCongratsClosed(false);
  }, [game.id]);
  return {
    archive: game._links.archive
      ? () => send({ type: 'ARCHIVE' }, { onSuccess: (next) => onNewGame?.(next) })
      : null,
    congratsOpen: isPlayer && game.type === 'SOLO' && game.status === 'COMPLETED' && !congratsClosed,
    closeCongrats: () => setCongratsClosed(true),
    share: () =>
      void shareContent({
        text: t('congrats.shareText', { total }),
        // A game at the table has no page of its own (its id is made up on this device): the site is shared.
        url: game.id > 0 ? `${window.location.origin}/games/${game.id}` : window.location.origin,
      }),
  };
}
