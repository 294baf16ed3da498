import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useInvitations, useSaveInvitations } from '../api/invitations';
import { useSession } from '../api/session';
import { ChoiceGroup } from '../components/ChoiceGroup';
import { playTurnSound, setTurnSound, turnSoundOn } from '../components/clash/turnSound';
import { toastError } from '../components/Toasts';
import { useReducedMotion } from '../components/game/useReducedMotion';
import { useTitle } from '../components/useTitle';
import { LANGUAGE_NAMES, LANGUAGES, toLanguage } from '../i18n';
import { InstallApp } from '../pwa/InstallApp';
import { NotificationSettings } from '../components/settings/NotificationSettings';
import { DICE_SPEEDS, type Theme, usePreferences } from '../preferences';
import type { PlayerResource } from '../../contract/players';
import { INVITATIONS, type Invitations } from '../../contract/preferences';

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
        <ChoiceGroup
          name="theme"
          legend={t('settings.theme')}
          choices={THEME_CHOICES}
          value={theme}
          label={(value) => t(`preferences.themes.${value}`)}
          onChange={setTheme}
        />
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
        <ChoiceGroup
          name="diceSpeed"
          legend={t('settings.diceSpeed')}
          choices={DICE_SPEEDS}
          value={diceSpeed}
          label={(value) => t(`preferences.diceSpeeds.${value}`)}
          onChange={setDiceSpeed}
          describedBy="settings-dice-speed-hint"
        >
          <p id="settings-dice-speed-hint" className="muted">
            {reducedMotion ? t('settings.diceSpeedReduced') : t(`settings.diceSpeedHints.${diceSpeed}`)}
          </p>
        </ChoiceGroup>
        <TurnSoundChoice />
        <InstallApp />
        {synced && player ? <InvitationsChoice player={player} /> : null}
        {player ? <NotificationSettings player={player} /> : null}
        <p className="muted">{t(synced ? 'account.settingsSynced' : 'settings.stored')}</p>
      </div>
    </section>
  );
}

const TURN_SOUND_CHOICES = ['off', 'on'] as const;

/** The sound on the player's clash turn: off unless chosen, kept on this device; choosing it plays it once. */
function TurnSoundChoice() {
  const { t } = useTranslation();
  const [on, setOn] = useState(turnSoundOn);
  return (
    <ChoiceGroup
      name="turnSound"
      legend={t('settings.turnSound')}
      choices={TURN_SOUND_CHOICES}
      value={on ? 'on' : 'off'}
      label={(value) => t(`settings.turnSoundChoices.${value}`)}
      onChange={(value) => {
        setTurnSound(value === 'on');
        setOn(value === 'on');
        if (value === 'on') playTurnSound();
      }}
      describedBy="settings-turn-sound-hint"
    >
      <p id="settings-turn-sound-hint" className="muted">
        {t('settings.turnSoundHint')}
      </p>
    </ChoiceGroup>
  );
}

/** Who may invite the player to a clash: an account's choice, kept on the server only (guests are never invited). */
function InvitationsChoice({ player }: { player: PlayerResource }) {
  const { t } = useTranslation();
  const current = useInvitations(player);
  const save = useSaveInvitations(player);
  const shown = save.isPending ? save.variables : current.data;
  const choose = (value: Invitations) =>
    save.mutate(value, {
      onSuccess: () =>
        toast.success(
          t('preferences.invitationsSet', { choice: t(`preferences.invitationChoices.${value}`) }),
          {
            id: 'preferences-invitations',
          },
        ),
      onError: toastError,
    });
  return (
    <ChoiceGroup
      name="invitations"
      legend={t('settings.invitations')}
      choices={INVITATIONS}
      value={shown}
      label={(value) => t(`preferences.invitationChoices.${value}`)}
      onChange={choose}
      describedBy="settings-invitations-hint"
      disabled={!current.data || save.isPending}
    >
      <p id="settings-invitations-hint" className="muted">
        {t('settings.invitationsHint')}
      </p>
    </ChoiceGroup>
  );
}
