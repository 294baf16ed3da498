import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlayerResource } from '../../../contract/players';
import { CHANNELS, DELIVERED_KINDS, type NotificationChoices } from '../../../contract/push';
import { errorMessage } from '../../api/client';
import { useNotificationChoices, usePushDevice, useSaveNotificationChoices } from '../../api/push';
import { toastError } from '../Toasts';
import './notificationSettings.css';

/**
 * The settings' "Notifications" (issue 29): push on this device, for any player with a session (a guest
 * seated by a challenge link too), and for an account the choices per kind and channel and the digest.
 */
export function NotificationSettings({ player }: { player: PlayerResource }) {
  const { t } = useTranslation();
  return (
    <section className="notification-settings" aria-labelledby="settings-notifications">
      <h2 id="settings-notifications">{t('settings.notifications.title')}</h2>
      <p className="muted">{t('settings.notifications.intro')}</p>
      <PushDevice />
      {player.guest ? null : <NotificationChoicesTable player={player} />}
    </section>
  );
}

/** "Turn on push on this device": the browser's permission is asked only when this is pressed. */
function PushDevice() {
  const { t } = useTranslation();
  const { state, failure, turnOn, turnOff } = usePushDevice();
  const on = state === 'on';
  return (
    <div className="push-device" data-state={state}>
      <p className="push-device-state" role="status">
        {t(`settings.notifications.device.${state}`)}
      </p>
      {state === 'unsupported' || state === 'denied' ? null : (
        <button
          type="button"
          className={on ? 'button' : 'button button-primary'}
          disabled={state === 'busy'}
          onClick={() => void (on ? turnOff() : turnOn())}
        >
          {t(on ? 'settings.notifications.turnOff' : 'settings.notifications.turnOn')}
        </button>
      )}
      {failure ? (
        <p className="push-device-failure" role="alert">
          {t('settings.notifications.failed', { reason: errorMessage(failure) })}
        </p>
      ) : null}
    </div>
  );
}

/** Per kind, push and e-mail; and the daily digest. Each change is saved at once. */
function NotificationChoicesTable({ player }: { player: PlayerResource }) {
  const { t } = useTranslation();
  const current = useNotificationChoices(player);
  const save = useSaveNotificationChoices(player);
  // The choice being saved shows at once, in the same render as the click: react-query tells the mutation's
  // state a tick later, and a controlled checkbox would meanwhile spring back (and a fast second click be lost).
  const [saving, setSaving] = useState<NotificationChoices | null>(null);
  const choices = saving ?? current.data;
  const disabled = !current.data || saving !== null;
  const change = (next: NotificationChoices) => {
    setSaving(next);
    save.mutate(next, {
      onSuccess: () => toast.success(t('settings.notifications.saved'), { id: 'preferences-notifications' }),
      onError: toastError,
      onSettled: () => setSaving(null),
    });
  };

  return (
    <>
      <KindChannelTable choices={choices} disabled={disabled} onChange={change} />
      <label className="choice notification-digest">
        <input
          type="checkbox"
          checked={!!choices?.digest}
          disabled={disabled}
          onChange={(event) => choices && change({ ...choices, digest: event.target.checked })}
        />
        <span>{t('settings.notifications.digest')}</span>
      </label>
      <p className="muted">
        {player.emailVerified ? (
          t('settings.notifications.emailTo', { email: player.email ?? '' })
        ) : (
          <>
            {t('settings.notifications.emailUnverified')}{' '}
            <Link to="/profile">{t('settings.notifications.emailProfile')}</Link>
          </>
        )}
      </p>
      {current.isError ? <p role="alert">{errorMessage(current.error)}</p> : null}
    </>
  );
}

/** The kinds down, the channels across: a checkbox each. */
function KindChannelTable({
  choices,
  disabled,
  onChange,
}: {
  choices: NotificationChoices | undefined;
  disabled: boolean;
  onChange: (next: NotificationChoices) => void;
}) {
  const { t } = useTranslation();
  const change = onChange;
  return (
    <table className="notification-choices">
      <caption className="visually-hidden">{t('settings.notifications.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('settings.notifications.kind')}</th>
          {CHANNELS.map((channel) => (
            <th scope="col" key={channel}>
              {t(`settings.notifications.channels.${channel}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {DELIVERED_KINDS.map((kind) => (
          <tr key={kind}>
            <th scope="row" id={`notify-${kind}`}>
              {t(`settings.notifications.kinds.${kind}`)}
            </th>
            {CHANNELS.map((channel) => (
              <td key={channel}>
                <input
                  type="checkbox"
                  aria-label={`${t(`settings.notifications.kinds.${kind}`)}: ${t(`settings.notifications.channels.${channel}`)}`}
                  checked={!!choices?.kinds[kind][channel]}
                  disabled={disabled}
                  onChange={(event) =>
                    choices &&
                    change({
                      ...choices,
                      kinds: {
                        ...choices.kinds,
                        [kind]: { ...choices.kinds[kind], [channel]: event.target.checked },
                      },
                    })
                  }
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
