import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COLUMN_TYPES,
  type ColumnType,
  DICE_COUNTS,
  type RuleSet,
  STRAIGHT_RULES,
} from '../../../game/rules';
import { COLUMN_ICONS } from '../game/columnIcons';
import './rules.css';

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="custom-rules-group">
      <legend>{legend}</legend>
      <div className="custom-rules-options">{children}</div>
    </fieldset>
  );
}

/**
 * The custom rule set: 5 or 6 dice, the columns (ticked in the sheet's order, which is the order they are
 * offered in) and how a straight scores. At least one column; the panel refuses to start without.
 */
export function CustomRules({ value, onChange }: { value: RuleSet; onChange: (rules: RuleSet) => void }) {
  const { t } = useTranslation();
  const toggle = (column: ColumnType, on: boolean) =>
    onChange({
      ...value,
      columns: COLUMN_TYPES.filter((c) => (c === column ? on : value.columns.includes(c))),
    });
  return (
    <div className="custom-rules" role="group" aria-label={t('ruleSets.builder.title')}>
      <Group legend={t('ruleSets.builder.dice')}>
        {DICE_COUNTS.map((dice) => (
          <label key={dice} className="choice">
            <input
              type="radio"
              name="custom-rules-dice"
              checked={value.dice === dice}
              onChange={() => onChange({ ...value, dice })}
            />
            <span>{t('ruleSets.builder.diceCount', { n: dice })}</span>
          </label>
        ))}
      </Group>
      <Group legend={t('ruleSets.builder.columns')}>
        {COLUMN_TYPES.map((column) => {
          const Icon = COLUMN_ICONS[column];
          return (
            <label key={column} className="choice">
              <input
                type="checkbox"
                checked={value.columns.includes(column)}
                onChange={(event) => toggle(column, event.target.checked)}
              />
              <Icon className="custom-rules-icon" />
              <span>{t(`game.columns.${column}`)}</span>
            </label>
          );
        })}
      </Group>
      {value.columns.length === 0 ? (
        <p className="field-error" role="alert">
          {t('ruleSets.builder.noColumn')}
        </p>
      ) : null}
      <Group legend={t('ruleSets.builder.straight')}>
        {STRAIGHT_RULES.map((straight) => (
          <label key={straight} className="choice">
            <input
              type="radio"
              name="custom-rules-straight"
              checked={value.straight === straight}
              onChange={() => onChange({ ...value, straight })}
            />
            <span>{t(`ruleSets.builder.straightRules.${straight}`)}</span>
          </label>
        ))}
      </Group>
    </div>
  );
}
