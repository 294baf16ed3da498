import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toGameState } from '../../../contract/gameState';
import { gameKeys, useGame } from '../../api/games';
import { LoadingDie } from '../LoadingDie';
import { Sheet } from '../game/Sheet';
import { sheetView } from '../game/view';
import '../game/game.css';

export interface ClashSheetProps {
  gameId: number;
  /** The clash the game is in: its reads name it (api/games.ts useGame). */
  clashId: number;
  title: string;
  /** The clash's updatedAt: the sheet is read again whenever the clash moved on (a turn run out, a resignation). */
  version: string;
}

const NOTHING_TO_DO = () => {};

/**
 * A player's sheet alone, read-only, beside the board on turn: the viewer's own while the others play, to
 * plan the next turn without leaving the board they watch.
 */
export function ClashSheet({ gameId, clashId, title, version }: ClashSheetProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useGame(gameId, clashId);
  useEffect(() => {
    void client.invalidateQueries({ queryKey: gameKeys.game(gameId) });
  }, [client, gameId, version]);
  const game = query.data;
  const view = useMemo(
    () => (game ? sheetView(toGameState(game), { fill: false, announce: false }, false) : null),
    [game],
  );
  return (
    <section className="clash-sheet card" aria-labelledby={`clash-sheet-${gameId}`}>
      <h2 id={`clash-sheet-${gameId}`} className="clash-sheet-title">
        <span>{title}</span>
        {view ? (
          <span className="clash-sheet-total">{t('clashes.table.total', { total: view.total })}</span>
        ) : null}
      </h2>
      {view ? (
        <div className="board-sheet clash-sheet-grid">
          <Sheet view={view} glow={null} marked={null} locked onCell={NOTHING_TO_DO} />
        </div>
      ) : (
        <LoadingDie />
      )}
    </section>
  );
}
