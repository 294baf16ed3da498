import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  CLASH_MAX_PLAYERS,
  CLASH_NAME_MAX,
  CreateClashBody,
  TURN_SECONDS,
  type TurnSeconds,
} from '../../../contract/clashes';
import type { PlayerResource } from '../../../contract/players';
import {
  CLASSIC_RULES,
  describeRules,
  PRESET_NAMES,
  PRESETS,
  type PresetName,
  type RuleSet,
} from '../../../game/rules';
import { CustomRules } from '../rules/CustomRules';
import { ApiError } from '../../api/client';
import { useCreateClash } from '../../api/clashes';
import { ChoiceGroup } from '../ChoiceGroup';
import { checkFields, TextField, useField } from '../Field';
import { toastError } from '../Toasts';
import { type PickedPlayer, PlayerPicker } from './PlayerPicker';
import { useChallengeWith } from '../friends/useChallengeWith';
import { rulesSummary } from './rulesText';
import { clockChoiceText } from './timeLeft';

const NAME_ID = 'clash-name';
const PLAYERS_ID = 'clash-players';

/**
 * A new clash (SPEC section 5): a non-blank name and one or two other players, the creator being the
 * first. Created, it opens its lobby.
 */
export function CreateClashForm({ owner }: { owner: PlayerResource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateClash();
  // The rule the server checks the name with, so the form and the server never disagree.
  const name = useField('', CreateClashBody.entries.name);
  const [players, setPlayers] = useState<PickedPlayer[]>([]);
  useChallengeWith(setPlayers, NAME_ID);
  // Untimed by default: SPEC's clashes are between friends; the clock is for those who want it.
  const [turnSeconds, setTurnSeconds] = useState<TurnSeconds | null>(null);
  const rules = useRulesPick();
  const [playersTouched, setPlayersTouched] = useState(false);
  const playersError = playersTouched && players.length === 0 ? t('clashes.create.needPlayer') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPlayersTouched(true);
    if (!checkFields([[name, NAME_ID]])) return;
    if (players.length === 0) {
      document.getElementById(PLAYERS_ID)?.focus();
      return;
    }
    create.mutate(
      {
        ownerId: owner.id,
        playerIds: [owner.id, ...players.map((p) => p.id)],
        type: 'LIVE',
        turnSeconds,
        rules: rules.chosen,
        name: name.value.trim(),
      },
      {
        onSuccess: (clash) => {
          toast.success(t('clashes.create.created'));
          void navigate(`/clashes/${clash.id}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.key === 'clash-name-invalid') name.fail(error.message);
          toastError(error);
        },
      },
    );
  };

  return (
    <form className="card clash-create" onSubmit={submit} noValidate aria-labelledby="clash-create-title">
      <h2 id="clash-create-title">{t('clashes.create.title')}</h2>
      <TextField
        id={NAME_ID}
        label={t('clashes.create.name')}
        field={name}
        maxLength={CLASH_NAME_MAX}
        placeholder={t('clashes.create.namePlaceholder')}
        hint={t('clashes.create.nameHint', { count: CLASH_NAME_MAX })}
        autoComplete="off"
        required
      />
      <PlayerPicker
        id={PLAYERS_ID}
        label={t('clashes.create.players')}
        selected={players}
        onChange={(next) => {
          setPlayers(next);
          setPlayersTouched(true);
        }}
        max={CLASH_MAX_PLAYERS - 1}
        exclude={[owner.id]}
        error={playersError}
      />
      <RulesChoice value={rules.pick} onChange={rules.setPick} />
      {rules.pick === 'CUSTOM' ? <CustomRules value={rules.custom} onChange={rules.setCustom} /> : null}
      <ClockChoice value={turnSeconds} onChange={setTurnSeconds} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {t(create.isPending ? 'clashes.create.creating' : 'clashes.create.submit')}
        </button>
      </div>
    </form>
  );
}

type RulesPick = PresetName | 'CUSTOM';
const RULES_PICKS: readonly RulesPick[] = [...PRESET_NAMES, 'CUSTOM'];

/**
 * The clash's rule set as the form holds it: SPEC's sheet unless the owner picks house rules, a preset or a
 * custom set made with the builder (kept while another choice is looked at). `chosen` is what the server gets.
 */
function useRulesPick() {
  const [pick, setPick] = useState<RulesPick>('CLASSIC');
  const [custom, setCustom] = useState<RuleSet>(CLASSIC_RULES);
  return { pick, setPick, custom, setCustom, chosen: pick === 'CUSTOM' ? custom : pick };
}

/**
 * The rule set every player of the clash plays by: one of the presets, each with its dice and columns, or a
 * custom one (the builder of the play screen's rule sets opens below it).
 */
function RulesChoice({ value, onChange }: { value: RulesPick; onChange: (value: RulesPick) => void }) {
  const { t } = useTranslation();
  return (
    <ChoiceGroup
      name="rules"
      legend={t('clashes.create.rules')}
      choices={RULES_PICKS}
      value={value}
      label={(pick) =>
        pick === 'CUSTOM' ? t('game.ruleSets.custom') : rulesSummary(t, describeRules(PRESETS[pick]))
      }
      onChange={onChange}
      className="clash-rules-choice"
      describedBy="clash-rules-hint"
    >
      <p id="clash-rules-hint" className="field-hint">
        {t('clashes.create.rulesHint')}
      </p>
    </ChoiceGroup>
  );
}

const CLOCK_CHOICES: readonly (TurnSeconds | null)[] = [null, ...TURN_SECONDS];

/** The turn clock: none, or one of the lengths a clash may have. */
function ClockChoice({
  value: selected,
  onChange,
}: {
  value: TurnSeconds | null;
  onChange: (value: TurnSeconds | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <ChoiceGroup
      name="turnSeconds"
      legend={t('clashes.create.clock')}
      choices={CLOCK_CHOICES}
      value={selected}
      label={(value) => (value === null ? t('clashes.create.clockNone') : clockChoiceText(t, value))}
      onChange={onChange}
      className="clash-clock-choice"
      describedBy="clash-clock-hint"
    >
      <p id="clash-clock-hint" className="field-hint">
        {t('clashes.create.clockHint')}
      </p>
    </ChoiceGroup>
  );
}
