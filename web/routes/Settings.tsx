import { useTranslation } from 'react-i18next';
import { useSession } from '../api/session';
import { useReducedMotion } from '../components/game/useReducedMotion';
import { useTitle } from '../components/useTitle';
import { LANGUAGE_NAMES, LANGUAGES, toLanguage } from '../i18n';
import { DICE_SPEEDS, type Theme, usePreferences } from '../preferences';

const THEME_CHOICES: readonly Theme[] = ['light', 'dark'];

export default function Settings() {
  const { t } = useTranslation();
  const { theme, setTheme, language, setLanguage, diceSpeed, setDiceSpeed } = usePreferences();
  const reducedMotion = useReducedMotion();
  // A signed-in player's choices also go to the server (web/api/serverPreferences.ts saves them).
  const { player } = useSession();
  const synced = !!player && !player.guest;
  useTitle(t('screens.settings'));

  return (
    <section className="page" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('screens.settings')}</h1>
      <div className="card settings">
        <fieldset className="choice-group">
          <legend>{t('settings.theme')}</legend>
          {THEME_CHOICES.map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="theme"
                value={value}
                checked={theme === value}
                onChange={() => setTheme(value)}
              />
              <span>{t(`preferences.themes.${value}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="settings-language">{t('settings.language')}</label>
          <select
            id="settings-language"
            value={language}
            onChange={(event) => setLanguage(toLanguage(event.target.value))}
          >
            {LANGUAGES.map((value) => (
              <option key={value} value={value} lang={value}>
                {LANGUAGE_NAMES[value]}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="choice-group" aria-describedby="settings-dice-speed-hint">
          <legend>{t('settings.diceSpeed')}</legend>
          {DICE_SPEEDS.map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="diceSpeed"
                value={value}
                checked={diceSpeed === value}
                onChange={() => setDiceSpeed(value)}
              />
              <span>{t(`preferences.diceSpeeds.${value}`)}</span>
            </label>
          ))}
          <p id="settings-dice-speed-hint" className="muted">
            {reducedMotion ? t('settings.diceSpeedReduced') : t(`settings.diceSpeedHints.${diceSpeed}`)}
          </p>
        </fieldset>
        <p className="muted">{t(synced ? 'account.settingsSynced' : 'settings.stored')}</p>
      </div>
    </section>
  );
}
