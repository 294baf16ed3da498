import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_ROLLS } from '../../../game/types';

export interface RollButtonProps {
  rollCount: number;
  /** No roll is possible now (the third roll is done, an announcement is due, ...). */
  disabled: boolean;
  /**
   * Only for a moment (the roll lock, a move on its way): the button keeps the focus, so a keyboard
   * player can press Enter again as soon as it is back.
   */
  waiting: boolean;
  onRoll: () => void;
  ref?: Ref<HTMLButtonElement>;
}

/** "Roll 1/3": the rolls used this turn, with three pips that fill up. */
export function RollButton({ rollCount, disabled, waiting, onRoll, ref }: RollButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      ref={ref}
      type="button"
      className="button button-primary roll-button"
      disabled={disabled}
      aria-disabled={(!disabled && waiting) || undefined}
      aria-keyshortcuts="R"
      onClick={onRoll}
    >
      <span className="roll-label">{t('game.roll')}</span>{' '}
      <span className="roll-count">{t('game.rollsLeft', { count: rollCount })}</span>
      <span className="roll-pips" aria-hidden="true">
        {Array.from({ length: MAX_ROLLS }, (_, i) => (
          // Index keys: three fixed pips.
          <span key={i} className={i < rollCount ? 'roll-pip roll-pip--used' : 'roll-pip'} />
        ))}
      </span>
    </button>
  );
}
