import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { changeEmail, changeUsername, resendVerification } from '../api/account';
import { useSession } from '../api/session';
import type { PlayerResource } from '../../contract/players';
import { Avatar } from '../components/Avatar';
import { AvatarEditor } from '../components/AvatarEditor';
import { EmailField, UsernameField } from '../components/AccountFields';
import { type FieldState, useField } from '../components/Field';
import { toastError } from '../components/Toasts';
import { useTitle } from '../components/useTitle';
import { VerificationSent } from '../components/VerificationSent';
import { VerifiedFlag } from '../components/VerifiedFlag';
import { OptionalEmail, Username } from '../../contract/account';

/** What the sign-up hands over when it brings the new player here. */
export interface ProfileState {
  /** The address the sign-up mailed a verification link to. */
  verificationSentTo?: string;
}

/**
 * One field saved with its own button. A failed save puts the old value back (SPEC section 8) and the
 * generic handler says why.
 */
function useSave(field: FieldState, saved: string, save: (value: string) => Promise<void>) {
  const [saving, setSaving] = useState(false);
  const changed = field.value.trim() !== saved;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    field.touch();
    if (!field.valid || !changed) return;
    setSaving(true);
    try {
      await save(field.value);
    } catch (error) {
      field.reset(saved);
      toastError(error);
    } finally {
      setSaving(false);
    }
  };
  return { saving, changed, submit };
}

function UsernameForm({
  player,
  onSaved,
}: {
  player: PlayerResource;
  onSaved: (player: PlayerResource) => void;
}) {
  const { t } = useTranslation();
  const username = useField(player.name, Username);
  const { saving, changed, submit } = useSave(username, player.name, async (value) => {
    const updated = await changeUsername(player, value);
    onSaved(updated);
    username.reset(updated.name);
    toast.success(t('profile.account.usernameSaved', { name: updated.name }));
  });
  return (
    <form className="profile-row" noValidate onSubmit={submit}>
      <UsernameField
        id="profile-username"
        label={t('auth.username')}
        field={username}
        hint={t('auth.register.usernameHint')}
      />
      <button type="submit" className="button" disabled={saving || !changed}>
        {t(saving ? 'profile.account.saving' : 'profile.account.saveUsername')}
      </button>
    </form>
  );
}

function EmailForm({
  player,
  onSaved,
}: {
  player: PlayerResource;
  onSaved: (player: PlayerResource) => void;
}) {
  const { t } = useTranslation();
  const saved = player.email ?? '';
  const email = useField(saved, OptionalEmail);
  const [resending, setResending] = useState(false);
  const { saving, changed, submit } = useSave(email, saved, async (value) => {
    const updated = await changeEmail(player, value);
    onSaved(updated);
    email.reset(updated.email ?? '');
    if (!updated.email) toast.success(t('profile.account.emailRemoved'));
    else if (!updated.emailVerified) toast.success(t('profile.account.emailSaved'));
  });

  const resend = async () => {
    if (!player.email) return;
    setResending(true);
    try {
      await resendVerification(player.email);
      toast.success(t('profile.account.resent', { email: player.email }));
    } catch (error) {
      toastError(error);
    } finally {
      setResending(false);
    }
  };

  return (
    <form className="profile-row" noValidate onSubmit={submit}>
      <EmailField
        id="profile-email"
        label={t('auth.email')}
        field={email}
        hint={player.email ? t('profile.account.emailHint') : t('profile.account.noEmail')}
      />
      {player.email ? (
        <div className="profile-verified">
          <VerifiedFlag verified={player.emailVerified} />
          {player.emailVerified ? null : (
            <button type="button" className="button button-small" onClick={resend} disabled={resending}>
              {t('profile.account.resend')}
            </button>
          )}
        </div>
      ) : null}
      <button type="submit" className="button" disabled={saving || !changed}>
        {t(saving ? 'profile.account.saving' : 'profile.account.saveEmail')}
      </button>
    </form>
  );
}

function GuestProfile({ player }: { player: PlayerResource }) {
  const { t } = useTranslation();
  return (
    <div className="card profile-card profile-guest">
      <Avatar player={player} size={72} />
      <div>
        <h2>{t('profile.guestTitle')}</h2>
        <p>{t('profile.guestText')}</p>
        <p className="profile-actions profile-actions-start">
          <Link to="/register" className="button button-primary">
            {t('profile.signUp')}
          </Link>
          <Link to="/login" className="button">
            {t('profile.signIn')}
          </Link>
        </p>
      </div>
    </div>
  );
}

export default function Profile() {
  const { t, i18n } = useTranslation();
  useTitle(t('screens.profile'));
  const { player, setPlayer } = useSession();
  const sentTo = (useLocation().state as ProfileState | null)?.verificationSentTo;

  if (!player || player.guest) {
    return (
      <section className="page profile" aria-labelledby="profile-title">
        <h1 id="profile-title">{t('screens.profile')}</h1>
        {player ? <GuestProfile player={player} /> : null}
      </section>
    );
  }

  const since = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
    new Date(player.createdAt),
  );
  return (
    <section className="page profile" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('screens.profile')}</h1>
      {sentTo ? <VerificationSent email={sentTo} /> : null}
      <div className="profile-grid">
        <section className="card profile-card" aria-labelledby="profile-avatar-title">
          <h2 id="profile-avatar-title">{t('profile.avatar.title')}</h2>
          <AvatarEditor player={player} onSaved={setPlayer} />
          <p className="profile-name">
            <strong>{player.name}</strong>
            <span className="muted">{t('profile.memberSince', { date: since })}</span>
          </p>
        </section>
        <section className="card profile-card" aria-labelledby="profile-account-title">
          <h2 id="profile-account-title">{t('profile.account.title')}</h2>
          {/* Keyed by player: a sign-in as someone else starts the forms afresh. */}
          <UsernameForm key={`name-${player.id}`} player={player} onSaved={setPlayer} />
          <EmailForm key={`email-${player.id}`} player={player} onSaved={setPlayer} />
        </section>
        <section className="card profile-card" aria-labelledby="profile-password-title">
          <h2 id="profile-password-title">{t('profile.password.title')}</h2>
          <p className="muted">{t('profile.password.text')}</p>
          <p className="profile-actions profile-actions-start">
            <Link to="/password-reset" className="button">
              {t('profile.password.change')}
            </Link>
            <Link to="/forgot-password">{t('profile.password.forgot')}</Link>
          </p>
        </section>
      </div>
    </section>
  );
}
