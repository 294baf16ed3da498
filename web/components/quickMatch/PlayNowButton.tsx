import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeRules, isPresetName, PRESET_NAMES, PRESETS } from '../../../game/rules';
import { useQuickMatch } from '../../api/quickMatch';
import { rulesSummary } from '../clash/rulesText';
import './quickMatch.css';

/** Which preset to be paired in: only players asking for the same one meet, and the bot offered plays it. */
function PresetSelect({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { preset, choosePreset } = useQuickMatch();
  return (
    <label className="play-now-rules">
      <span>{t('quickMatch.rules')}</span>
      <select
        className="inline-select"
        value={preset}
        disabled={disabled}
        onChange={(event) => {
          if (isPresetName(event.target.value)) choosePreset(event.target.value);
        }}
      >
        {PRESET_NAMES.map((name) => (
          <option key={name} value={name}>
            {rulesSummary(t, describeRules(PRESETS[name]))}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * "Play someone now": joins the quick-match queue (the waiting panel takes it from there). Quick matches
 * are rated, so a guest is sent to sign up instead, and told why.
 */
export function PlayNowButton() {
  const { t } = useTranslation();
  const { state, available, join } = useQuickMatch();
  if (!available) {
    return (
      <div className="play-now">
        <Link to="/register" className="button play-now-button" data-play-now="">
          {t('quickMatch.play')}
        </Link>
        <p className="play-now-hint">{t('quickMatch.guestHint')}</p>
      </div>
    );
  }
  const busy = state.phase !== 'idle';
  return (
    <div className="play-now">
      <PresetSelect disabled={busy} />
      <button
        type="button"
        className="button button-primary play-now-button"
        data-play-now=""
        disabled={busy}
        onClick={join}
      >
        {t('quickMatch.play')}
      </button>
      <p className="play-now-hint">{t('quickMatch.hint')}</p>
    </div>
  );
}
