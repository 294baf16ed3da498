import { useTranslation } from 'react-i18next';
import { isPresetName, PRESET_NAMES, type PresetName } from '../../../game/rules';
import { rulesName } from '../rules/rulesName';

/** A preset as the lists name it (Classic, Hand, …); null, a custom rule set, is "Custom". */
export function usePresetName() {
  const { t } = useTranslation();
  return (preset: PresetName | null) => rulesName(t, { preset });
}

/** The preset an address names (`?preset=`): CLASSIC when it names none. */
export const presetFrom = (value: string | null): PresetName => (isPresetName(value) ? value : 'CLASSIC');

/**
 * Which preset's rankings or ratings to show: one per rule set, since a six-dice sheet's totals and
 * ratings mean nothing beside a classic one's. Custom rule sets have none.
 */
export function PresetSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: PresetName;
  onChange: (preset: PresetName) => void;
}) {
  const { t } = useTranslation();
  const name = usePresetName();
  return (
    <label className="preset-select" htmlFor={id}>
      <span>{t('rankings.preset')}</span>
      <select
        className="inline-select"
        id={id}
        value={value}
        onChange={(event) => {
          if (isPresetName(event.target.value)) onChange(event.target.value);
        }}
      >
        {PRESET_NAMES.map((preset) => (
          <option key={preset} value={preset}>
            {name(preset)}
          </option>
        ))}
      </select>
    </label>
  );
}
