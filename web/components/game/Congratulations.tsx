import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DieFace } from '../DieFace';
import { useModalDialog } from '../useModalDialog';

export interface CongratulationsProps {
  open: boolean;
  total: number;
  /** How many boxes the sheet has (52 on SPEC's sheet, 91 on the longest). */
  boxes: number;
  /** Null when the viewer may not start the next game (no archive link). */
  onNewGame: (() => void) | null;
  newGamePending: boolean;
  onShare: () => void;
  onClose: () => void;
  /** The finished game's replay, when the server offers it (issue 30): to look back and review it. */
  replay?: string;
}

/** The end of a solo game (SPEC section 2): the total, sharing it, and the next game. */
export function Congratulations({
  open,
  total,
  boxes,
  onNewGame,
  newGamePending,
  onShare,
  onClose,
  replay,
}: CongratulationsProps) {
  const { t } = useTranslation();
  const primary = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(open, onClose, primary);
  const titleId = useId();

  return (
    <dialog {...dialog} className="congrats" aria-labelledby={titleId}>
      <div className="congrats-dice" aria-hidden="true">
        {[6, 6, 6, 6, 6].map((face, i) => (
          // Index keys: decorative, fixed.
          <DieFace key={i} value={face} size={40} className="congrats-die" />
        ))}
      </div>
      <h2 id={titleId} className="congrats-title">
        {t('congrats.title')}
      </h2>
      <p className="congrats-text">{t('congrats.text', { count: boxes })}</p>
      <p className="congrats-total">
        <span className="congrats-total-label">{t('congrats.total')}</span>
        <output className="congrats-total-value" data-testid="congrats-total">
          {total}
        </output>
      </p>
      <div className="congrats-actions">
        <button type="button" className="button" onClick={onShare}>
          {t('congrats.share')}
        </button>
        {onNewGame ? (
          <button
            ref={primary}
            type="button"
            className="button button-primary"
            disabled={newGamePending}
            onClick={onNewGame}
          >
            {t('congrats.newGame')}
          </button>
        ) : null}
      </div>
      {replay ? (
        <p className="congrats-replay">
          <Link to={replay}>{t('replay.congrats')}</Link>
        </p>
      ) : null}
      <button type="button" className="congrats-close" aria-label={t('congrats.close')} onClick={onClose}>
        ×
      </button>
    </dialog>
  );
}
