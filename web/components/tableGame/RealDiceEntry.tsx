import type { CSSProperties, Ref } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleErrorKey } from '../../../game/errors';
import { DieFace } from '../DieFace';
import { UndoIcon } from '../icons';
import type { RealDiceEntry as Entry } from './useRealDiceEntry';

const FACES = [1, 2, 3, 4, 5, 6];

export interface RealDiceEntryProps {
  entry: Entry;
  /** The roll this entry is: 1, 2 or 3. */
  rollNumber: number;
  /** Why the rules refuse a roll now, or null. */
  refusal: RuleErrorKey | null;
  /** The line under the buttons when a roll may be entered (the turn's state: announced box, last roll…). */
  prompt: string;
  pending: boolean;
  /** "Enter roll" waits: the roll lock after an entry, or a move on its way. */
  enterWaiting: boolean;
  firstDie: Ref<HTMLButtonElement>;
  onEnter: () => void;
  /** Null when there is no entry to take back. */
  onUndo: (() => void) | null;
}

/**
 * The faces a player rolled with real dice: a button per die (the selected one takes the next face), the six
 * faces to pick from, the same faces typed as digits, "Enter roll N" and "Undo last entry".
 */
export function RealDiceEntry({
  entry,
  rollNumber,
  refusal,
  prompt,
  pending,
  enterWaiting,
  firstDie,
  onEnter,
  onUndo,
}: RealDiceEntryProps) {
  const { t } = useTranslation();
  const typedId = useId();
  const lineId = useId();
  const open = refusal === null;
  const example = entry.faces.length > 5 ? '355261' : '35526';
  const selectedLabel = t('table.realDice.dieNumber', { index: entry.selected + 1 });
  return (
    <form
      className="board-tray real-dice"
      aria-label={t('table.realDice.title')}
      onSubmit={(event) => {
        event.preventDefault();
        if (open && entry.complete && !enterWaiting) onEnter();
      }}
    >
      <EnteredDice entry={entry} open={open} firstDie={firstDie} />
      <FacePicker entry={entry} open={open} label={t('table.realDice.faceFor', { die: selectedLabel })} />
      <div className="real-dice-row">
        <label htmlFor={typedId} className="visually-hidden">
          {t('table.realDice.typeLabel', { example })}
        </label>
        <input
          id={typedId}
          className="real-dice-input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('table.realDice.typePlaceholder', { example })}
          value={entry.text}
          disabled={!open}
          aria-describedby={lineId}
          onChange={(event) => entry.type(event.target.value)}
        />
        <button
          type="submit"
          className="button button-primary real-dice-enter"
          disabled={!open || !entry.complete || enterWaiting}
          aria-describedby={lineId}
        >
          {t('table.realDice.enter', { roll: rollNumber })}
        </button>
      </div>
      <div className="real-dice-row">
        <p id={lineId} className="real-dice-line" aria-live="polite">
          {refusal
            ? t(`errors.${refusal}`)
            : entry.complete
              ? prompt
              : t('table.realDice.enterFaces', { dice: entry.faces.length })}
        </p>
        {/* "Undo" on the button, the whole name read out and in its tooltip. */}
        <button
          type="button"
          className="button real-dice-undo"
          aria-label={t('table.realDice.undo')}
          title={t('table.realDice.undo')}
          disabled={!onUndo || pending}
          onClick={() => onUndo?.()}
        >
          <UndoIcon />
          <span aria-hidden="true">{t('game.undo')}</span>
        </button>
      </div>
    </form>
  );
}

/** The entered faces, a button per die: the selected one takes the next face; a dot marks one thrown again. */
function EnteredDice({
  entry,
  open,
  firstDie,
}: {
  entry: Entry;
  open: boolean;
  firstDie: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  return (
    <ul
      className={entry.faces.length > 5 ? 'real-dice-dice real-dice-dice--six' : 'real-dice-dice'}
      style={{ '--count': entry.faces.length } as CSSProperties}
    >
      {entry.faces.map((face, index) => {
        const classes = [
          'real-die',
          face === 0 ? 'real-die--blank' : '',
          index === entry.selected && open ? 'real-die--selected' : '',
          entry.changed[index] ? 'real-die--changed' : '',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          // Index keys: a die is its position.
          <li key={index}>
            <button
              ref={index === 0 ? firstDie : undefined}
              type="button"
              className={classes}
              aria-pressed={index === entry.selected && open}
              aria-label={
                face === 0
                  ? t('table.realDice.dieBlank', { index: index + 1 })
                  : t('table.realDice.die', { index: index + 1, value: face })
              }
              disabled={!open}
              onClick={() => entry.select(index)}
            >
              <DieFace value={face} size={48} className="real-die-svg" />
              {face === 0 ? (
                <span className="real-die-mark" aria-hidden="true">
                  ?
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The six faces: a tap gives the selected die its face and selects the next (the keys 1-6 do the same). */
function FacePicker({ entry, open, label }: { entry: Entry; open: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="real-dice-faces" role="group" aria-label={label}>
      {FACES.map((face) => (
        <button
          key={face}
          type="button"
          className="real-face"
          aria-label={t('table.realDice.face', { value: face })}
          aria-keyshortcuts={String(face)}
          disabled={!open}
          onClick={() => entry.pick(face)}
        >
          <DieFace value={face} size={36} />
        </button>
      ))}
    </div>
  );
}
