import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHALLENGE_SEATS, type ChallengeResource, type ChallengeSeats } from '../../../contract/challenges';
import { TURN_SECONDS, type TurnSeconds } from '../../../contract/clashRules';
import {
  CLASSIC_RULES,
  describeRules,
  PRESET_NAMES,
  PRESETS,
  type PresetName,
  type RuleSet,
} from '../../../game/rules';
import { useCreateChallenge } from '../../api/challenges';
import { ChoiceGroup } from '../ChoiceGroup';
import { rulesSummary } from '../clash/rulesText';
import { clockChoiceText } from '../clash/timeLeft';
import { CustomRules } from '../rules/CustomRules';
import { toastError } from '../Toasts';
import { ShareChallengeButton } from './ShareChallengeButton';
import './challenges.css';

type RulesPick = PresetName | 'CUSTOM';
const RULES_PICKS: readonly RulesPick[] = [...PRESET_NAMES, 'CUSTOM'];
const CLOCK_CHOICES: readonly (TurnSeconds | null)[] = [null, ...TURN_SECONDS];

/**
 * "Challenge by link" on the clashes screen: the rule set, the clock and 2 or 3 players make a link to share
 * (the share sheet where the browser has one, else the clipboard); whoever opens it may join.
 */
export function ChallengeForm() {
  const { t } = useTranslation();
  const create = useCreateChallenge();
  const [seats, setSeats] = useState<ChallengeSeats>(2);
  const [pick, setPick] = useState<RulesPick>('CLASSIC');
  const [custom, setCustom] = useState<RuleSet>(CLASSIC_RULES);
  const [turnSeconds, setTurnSeconds] = useState<TurnSeconds | null>(null);
  const [made, setMade] = useState<ChallengeResource | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { seats, turnSeconds, rules: pick === 'CUSTOM' ? custom : pick },
      { onSuccess: setMade, onError: toastError },
    );
  };

  return (
    <form className="card challenge-form" onSubmit={submit} noValidate aria-labelledby="challenge-form-title">
      <h2 id="challenge-form-title">{t('challenges.form.title')}</h2>
      <p className="field-hint">{t('challenges.form.lead')}</p>
      <ChoiceGroup
        name="challengeSeats"
        legend={t('challenges.form.seats')}
        choices={CHALLENGE_SEATS}
        value={seats}
        label={(count) => t('challenges.players', { count })}
        onChange={setSeats}
        className="challenge-seats-choice"
      />
      <ChoiceGroup
        name="challengeRules"
        legend={t('clashes.create.rules')}
        choices={RULES_PICKS}
        value={pick}
        label={(value) =>
          value === 'CUSTOM' ? t('game.ruleSets.custom') : rulesSummary(t, describeRules(PRESETS[value]))
        }
        onChange={setPick}
        className="clash-rules-choice"
      />
      {pick === 'CUSTOM' ? <CustomRules value={custom} onChange={setCustom} /> : null}
      <ChoiceGroup
        name="challengeClock"
        legend={t('clashes.create.clock')}
        choices={CLOCK_CHOICES}
        value={turnSeconds}
        label={(value) => (value === null ? t('clashes.create.clockNone') : clockChoiceText(t, value))}
        onChange={setTurnSeconds}
        className="clash-clock-choice"
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {t(create.isPending ? 'challenges.form.making' : 'challenges.form.submit')}
        </button>
      </div>
      {made ? (
        <div className="challenge-made" role="status">
          <p>{t('challenges.form.made')}</p>
          <p className="challenge-link">
            <a href={made.link}>{made.link}</a>
          </p>
          <ShareChallengeButton challenge={made} primary />
        </div>
      ) : null}
    </form>
  );
}
