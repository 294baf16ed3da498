import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useInvitations, useSaveInvitations } from '../api/invitations';
import { useSession } from '../api/session';
import { toastError } from '../components/Toasts';
import { useReducedMotion } from '../components/game/useReducedMotion';
import { useTitle } from '../components/useTitle';
import { LANGUAGE_NAMES, LANGUAGES, toLanguage } from '../i18n';
import { DICE_SPEEDS, type Theme, usePreferences } from '../preferences';
import type { PlayerResource } from '../../contract/players';
import { INVITATIONS } from '../../contract/preferences';

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
        {synced && player ? <InvitationsChoice player={player} /> : null}
        <p className="muted">{t(synced ? 'account.settingsSynced' : 'settings.stored')}</p>
      </div>
    </section>
  );
}

/** Who may invite the player to a clash: an account's choice, kept on the server only (guests are never invited). */
function InvitationsChoice({ player }: { player: PlayerResource }) {
  const { t } = useTranslation();
  const current = useInvitations(player);
  const save = useSaveInvitations(player);
  const shown = save.isPending ? save.variables : current.data;
  return (
    <fieldset
      className="choice-group"
      aria-describedby="settings-invitations-hint"
      disabled={!current.data || save.isPending}
    >
      <legend>{t('settings.invitations')}</legend>
      {INVITATIONS.map((value) => (
        <label key={value} className="choice">
          <input
            type="radio"
            name="invitations"
            value={value}
            checked={shown === value}
            onChange={() =>
              save.mutate(value, {
                onSuccess: () =>
                  toast.success(
                    t('preferences.invitationsSet', { choice: t(`preferences.invitationChoices.${value}`) }),
                    { id: 'preferences-invitations' },
                  ),
                onError: toastError,
              })
            }
          />
          <span>{t(`preferences.invitationChoices.${value}`)}</span>
        </label>
      ))}
      <p id="settings-invitations-hint" className="muted">
        {t('settings.invitationsHint')}
      </p>
    </fieldset>
  );
}
