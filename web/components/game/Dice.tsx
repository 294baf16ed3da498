import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { DieFace } from '../DieFace';

export interface DiceProps {
  /** 1-6; 0 for a die not rolled yet this turn, shown blank. */
  faces: number[];
  tumbling: boolean[];
  held: ReadonlySet<number>;
  /** The dice a hint says to keep: ringed apart from the held look, so the player's own choice shows too. */
  advised: readonly number[];
  /** The player's own game: the dice are buttons. A watcher sees images. */
  interactive: boolean;
  /** Dice can be held now (between the first and the last roll). */
  canHold: boolean;
  onToggle: (index: number) => void;
}

// Each die tumbles its own way, so the dice in the air never move in step.
const SPIN = ['1', '-1', '1', '-1', '1', '-1'];

/** Five or six real dice. Held dice rise and wear a ring; keys 1-6 do the same as a click (see useDiceKeys). */
export function Dice({ faces, tumbling, held, advised, interactive, canHold, onToggle }: DiceProps) {
  const { t } = useTranslation();
  return (
    // --count: the tray sizes the dice so that all of them fit its width (game.css).
    <ul
      className={faces.length > 5 ? 'dice dice--six' : 'dice'}
      aria-label={t('game.dice.label')}
      style={{ '--count': faces.length } as CSSProperties}
    >
      {faces.map((face, index) => {
        const isHeld = held.has(index);
        const isAdvised = advised.includes(index);
        const blank = face === 0 && !tumbling[index];
        const classes = [
          'die',
          blank ? 'die--blank' : '',
          isHeld ? 'die--held' : '',
          isAdvised ? 'die--advised' : '',
          tumbling[index] ? 'die--tumbling' : '',
        ]
          .filter(Boolean)
          .join(' ');
        const style = { '--spin': SPIN[index], '--delay': `${index * -70}ms` } as CSSProperties;
        // "Die 3: 5, held": the held state is in the name as well as in aria-pressed, for the watcher's
        // images and for screen readers that say "pressed" and nothing about dice.
        const die = blank
          ? t('game.dice.dieBlank', { index: index + 1 })
          : t(isHeld ? 'game.dice.dieHeld' : 'game.dice.die', {
              index: index + 1,
              value: tumbling[index] ? '…' : face,
            });
        const label = isAdvised ? t('game.advice.dieKept', { die }) : die;
        return (
          // Index keys: a die is its position; the dice never reorder.
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
            {/* The word, or a tick where six dice are too small for it under them (game.css). */}
            <span className="die-held" aria-hidden="true">
              {isHeld ? (
                <>
                  <span className="die-held-word">{t('game.dice.held')}</span>
                  <span className="die-held-mark">✓</span>
                </>
              ) : (
                '\u00a0'
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
