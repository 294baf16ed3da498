import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PRESET_NAMES, PRESETS, type PresetName, type RuleSet } from '../../../game/rules';
import { TABLE_MAX_PLAYERS, TABLE_NAME_MAX, type TableDice, tableNamesError } from '../../../game/table';
import { errorMessage } from '../../api/client';
import { createTableGame } from '../../api/tableGames';
import { ChoiceGroup } from '../ChoiceGroup';
import { CustomRules } from '../rules/CustomRules';
import { rulesName } from '../rules/rulesName';
import '../rules/rules.css';

type RulesPick = PresetName | 'CUSTOM';
const RULES_PICKS: readonly RulesPick[] = [...PRESET_NAMES, 'CUSTOM'];
const DICE: readonly TableDice[] = ['APP', 'REAL'];

interface NameField {
  key: number;
  name: string;
}

/** The typed names, each field with a key of its own (a removed one keeps the others' focus and text). */
function useNameFields(firstName: string) {
  const nextKey = useRef(2);
  const [fields, setFields] = useState<NameField[]>([
    { key: 0, name: firstName },
    { key: 1, name: '' },
  ]);
  return {
    fields,
    rename: (key: number, name: string) =>
      setFields((current) => current.map((field) => (field.key === key ? { ...field, name } : field))),
    add: () => {
      const key = nextKey.current++;
      setFields((current) => [...current, { key, name: '' }]);
      // The new field takes the focus once it is drawn.
      requestAnimationFrame(() => document.getElementById(`table-player-${key}`)?.focus());
    },
    remove: (key: number) => setFields((current) => current.filter((field) => field.key !== key)),
  };
}

/** One to six name fields, "Player 1"…, each removable while more than one is left, and "Add a player". */
function PlayerNames({ names, tried }: { names: ReturnType<typeof useNameFields>; tried: boolean }) {
  const { t } = useTranslation();
  const { fields } = names;
  return (
    <fieldset className="table-names">
      <legend>{t('table.form.players')}</legend>
      {fields.map((field, index) => {
        const id = `table-player-${field.key}`;
        const invalid = tried && !field.name.trim();
        return (
          <div key={field.key} className="field table-name">
            <label htmlFor={id}>{t('table.form.player', { n: index + 1 })}</label>
            <div className="table-name-row">
              <input
                id={id}
                value={field.name}
                maxLength={TABLE_NAME_MAX}
                autoComplete="off"
                aria-invalid={invalid || undefined}
                onChange={(event) => names.rename(field.key, event.target.value)}
              />
              {fields.length > 1 ? (
                <button
                  type="button"
                  className="button table-name-remove"
                  aria-label={t('table.form.remove', { n: index + 1 })}
                  onClick={() => names.remove(field.key)}
                >
                  ×
                </button>
              ) : null}
            </div>
          </div>
        );
      })}
      {fields.length < TABLE_MAX_PLAYERS ? (
        <button type="button" className="button" onClick={names.add}>
          {t('table.form.add')}
        </button>
      ) : null}
    </fieldset>
  );
}

/**
 * Pass and play: one to six names typed here (no accounts), the rule set (a preset or a custom one, as the
 * play screen offers them) and the dice (the app's, or real ones whose faces are entered). Started, the game
 * is saved on this device and opened.
 */
export function TableStartForm({ firstName }: { firstName: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const names = useNameFields(firstName);
  const { fields } = names;
  const [pick, setPick] = useState<RulesPick>('CLASSIC');
  const [custom, setCustom] = useState<RuleSet>(PRESETS.CLASSIC);
  const [dice, setDice] = useState<TableDice>('APP');
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [tried, setTried] = useState(false);
  const rules = pick === 'CUSTOM' ? custom : PRESETS[pick];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const typed = fields.map((field) => field.name);
    const refused = tableNamesError(typed);
    if (refused) {
      setError(t(`table.errors.${refused}`));
      const blank = fields.find((field) => !field.name.trim());
      if (blank) document.getElementById(`table-player-${blank.key}`)?.focus();
      return;
    }
    if (rules.columns.length === 0) return;
    setError(null);
    setStarting(true);
    try {
      const game = await createTableGame(client, { kind: 'TABLE', dice, rules, names: typed });
      void navigate(`/table/${game.id}`);
    } catch (failure) {
      setError(errorMessage(failure));
      setStarting(false);
    }
  };

  return (
    <form
      className="card table-start"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="table-start-title"
    >
      <h2 id="table-start-title">{t('table.form.title')}</h2>
      <p className="muted">{t('table.form.text')}</p>
      <PlayerNames names={names} tried={tried} />
      <RulesChoice value={pick} onChange={setPick} />
      {pick === 'CUSTOM' ? <CustomRules value={custom} onChange={setCustom} /> : null}
      <ChoiceGroup
        name="table-dice"
        legend={t('table.form.dice')}
        choices={DICE}
        value={dice}
        label={(value) => t(value === 'APP' ? 'table.form.diceApp' : 'table.form.diceReal')}
        onChange={setDice}
        className="table-dice"
      />
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={starting || rules.columns.length === 0}
        >
          {t(starting ? 'table.form.starting' : 'table.form.start')}
        </button>
      </div>
    </form>
  );
}

/** The presets, each named with a line on what it plays, and "Custom" (the builder opens below). */
function RulesChoice({ value, onChange }: { value: RulesPick; onChange: (value: RulesPick) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="rule-sets-choices table-rules">
      <legend>{t('table.form.rules')}</legend>
      {RULES_PICKS.map((pick) => (
        <label key={pick} className="rule-set-choice">
          <input
            type="radio"
            name="table-rules"
            value={pick}
            checked={value === pick}
            onChange={() => onChange(pick)}
          />
          <span className="rule-set-text">
            <strong>{pick === 'CUSTOM' ? t('game.ruleSets.custom') : rulesName(t, { preset: pick })}</strong>
            <span className="rule-set-line">
              {pick === 'CUSTOM' ? t('ruleSets.customText') : t(`ruleSets.presets.${pick}`)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
