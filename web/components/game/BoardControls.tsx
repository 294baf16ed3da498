import { useTranslation } from 'react-i18next';

export interface BoardControlsProps {
  /** Null when the game cannot be restarted. */
  onRestart: (() => void) | null;
  restartDisabled: boolean;
  /** Null when no "New game" button shows (no archive link, or the congratulations offer it). */
  onNewGame: (() => void) | null;
  /** The game is in progress: the keyboard shortcuts are worth a line. */
  showKeys: boolean;
  /** The Hint button is offered: its key H joins the line. */
  hintKey: boolean;
  /** The game's dice (5 or 6): keys 1 to this hold them. */
  dice: number;
}

/** Below the tray: restart, the next game, and which keys play the dice. */
export function BoardControls({
  onRestart,
  restartDisabled,
  onNewGame,
  showKeys,
  hintKey,
  dice,
}: BoardControlsProps) {
  const { t } = useTranslation();
  return (
    <div className="board-controls">
      {onRestart ? (
        <button type="button" className="button board-control" disabled={restartDisabled} onClick={onRestart}>
          {t('game.restart')}
        </button>
      ) : null}
      {onNewGame ? (
        <button type="button" className="button button-primary board-control" onClick={onNewGame}>
          {t('game.newGame')}
        </button>
      ) : null}
      {showKeys ? (
        <p className="board-keys">
          {t(hintKey ? 'game.advice.shortcuts' : 'game.dice.shortcuts', { last: dice })}
        </p>
      ) : null}
    </div>
  );
}
