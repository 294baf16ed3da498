import type { CSSProperties, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_ROLLS } from '../../../game';
import { DieFace } from '../DieFace';

export interface DiceProps {
  faces: number[];
  tumbling: boolean[];
  held: ReadonlySet<number>;
  /** The player's own game: the dice are buttons. A watcher sees images. */
  interactive: boolean;
  /** Dice can be held now (between the first and the last roll). */
  canHold: boolean;
  onToggle: (index: number) => void;
}

// Each die tumbles its own way, so five dice in the air never move in step.
const SPIN = ['1', '-1', '1', '-1', '1'];

/** Five real dice. Held dice rise and wear a ring; keys 1-5 do the same as a click (see GameBoard). */
export function Dice({ faces, tumbling, held, interactive, canHold, onToggle }: DiceProps) {
  const { t } = useTranslation();
  return (
    <ul className="dice" aria-label={t('game.dice.label')}>
      {faces.map((face, index) => {
        const isHeld = held.has(index);
        const classes = ['die', isHeld ? 'die--held' : '', tumbling[index] ? 'die--tumbling' : '']
          .filter(Boolean)
          .join(' ');
        const style = { '--spin': SPIN[index], '--delay': `${index * -70}ms` } as CSSProperties;
        const label = t('game.dice.die', { index: index + 1, value: tumbling[index] ? '…' : face });
        return (
          // Index keys: a die is its position; the five never reorder.
          <li key={index} className="die-slot">
            {interactive ? (
              <button
                type="button"
                className={classes}
                style={style}
                aria-pressed={isHeld}
                aria-label={label}
                aria-keyshortcuts={String(index + 1)}
                disabled={!canHold}
                onClick={() => onToggle(index)}
              >
                <DieFace value={face} size={64} className="die-svg" />
              </button>
            ) : (
              <span className={classes} style={style} role="img" aria-label={label}>
                <DieFace value={face} size={64} className="die-svg" />
              </span>
            )}
            <span className="die-held" aria-hidden="true">
              {isHeld ? t('game.dice.held') : '\u00a0'}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

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
