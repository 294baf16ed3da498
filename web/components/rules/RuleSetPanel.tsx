import type { TFunction } from 'i18next';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useNewGame } from '../../api/games';
import {
  PRESET_NAMES,
  PRESETS,
  type PresetName,
  type Rules,
  type RuleSet,
  sameRules,
} from '../../../game/rules';
import { ConfirmDialog } from '../ConfirmDialog';
import { onDemand } from '../onDemand';
import { toastError } from '../Toasts';
import { rulesName } from './rulesName';
import './rules.css';

// Its own chunk, fetched when "Custom" is first chosen.
const CustomRules = onDemand(() => import('./CustomRules').then((m) => m.CustomRules));

type Choice = PresetName | 'CUSTOM';
const CHOICES: readonly Choice[] = [...PRESET_NAMES, 'CUSTOM'];

export interface RuleSetPanelProps {
  id: string;
  playerId: number;
  /** The current game's rules: chosen at first, and no new game is made for them. */
  current: Rules;
  onStarted: () => void;
}

const choiceName = (t: TFunction, choice: Choice) =>
  choice === 'CUSTOM' ? t('game.ruleSets.custom') : rulesName(t, { preset: choice });

/** The presets, each named with a line on what it plays, and "Custom", as radio buttons. */
function RuleSetChoices({
  id,
  choice,
  onChoose,
}: {
  id: string;
  choice: Choice;
  onChoose: (choice: Choice) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="rule-sets-choices">
      <legend className="visually-hidden">{t('ruleSets.title')}</legend>
      {CHOICES.map((value) => (
        <label key={value} className="rule-set-choice">
          <input
            type="radio"
            name={`${id}-choice`}
            value={value}
            checked={choice === value}
            onChange={() => onChoose(value)}
          />
          <span className="rule-set-text">
            <strong>{choiceName(t, value)}</strong>
            <span className="rule-set-line">
              {value === 'CUSTOM' ? t('ruleSets.customText') : t(`ruleSets.presets.${value}`)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The rule set of a new solo game: a preset (named, with a line on what it plays) or a custom set. A game of
 * other rules still in progress is put away only when the player says so: the server answers 409
 * `game-in-progress` first, and the question is asked in a dialog.
 */
export function RuleSetPanel({ id, playerId, current, onStarted }: RuleSetPanelProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Choice>(current.preset ?? 'CUSTOM');
  const [custom, setCustom] = useState<RuleSet>(current);
  const [asking, setAsking] = useState(false);
  const start = useNewGame(playerId);
  const wanted: RuleSet = choice === 'CUSTOM' ? custom : PRESETS[choice];
  const same = sameRules(wanted, current);
  const valid = wanted.columns.length > 0;

  const send = (replace: boolean) =>
    start.mutate(
      { rules: choice === 'CUSTOM' ? custom : choice, replace },
      {
        onSuccess: () => {
          setAsking(false);
          onStarted();
        },
        onError: (error) => {
          if (!replace && error instanceof ApiError && error.key === 'game-in-progress') setAsking(true);
          else {
            setAsking(false);
            toastError(error);
          }
        },
      },
    );
  const name = choiceName(t, choice);

  return (
    <section id={id} className="card rule-sets" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="rule-sets-title">
        {t('ruleSets.title')}
      </h2>
      <RuleSetChoices id={id} choice={choice} onChoose={setChoice} />
      {/* Its own boundary: while the builder's chunk loads, the choices stay on screen. */}
      {choice === 'CUSTOM' ? (
        <Suspense>
          <CustomRules value={custom} onChange={setCustom} />
        </Suspense>
      ) : null}
      <div className="rule-sets-actions">
        {same ? <p className="muted rule-sets-same">{t('ruleSets.same')}</p> : null}
        <button
          type="button"
          className="button button-primary"
          disabled={same || !valid || start.isPending}
          onClick={() => send(false)}
        >
          {t('ruleSets.start')}
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('ruleSets.replace.title', { name })}
        message={t('ruleSets.replace.text')}
        confirmLabel={t('ruleSets.replace.confirm')}
        cancelLabel={t('ruleSets.replace.cancel')}
        onConfirm={() => send(true)}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
