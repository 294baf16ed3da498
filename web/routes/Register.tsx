import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { signUp } from '../api/account';
import { ApiError } from '../api/client';
import { useSession } from '../api/session';
import { EmailField, NewPasswordField, UsernameField } from '../components/AccountFields';
import { checkFields, FormError, useField } from '../components/Field';
import { toastError } from '../components/Toasts';
import { useTitle } from '../components/useTitle';
import { OptionalEmail, Password, Username } from '../../contract/account';
import type { LoginState } from './Login';

/** Which field a refusal of the server is about. */
function fieldOf(key: string): 'username' | 'email' | 'password' | null {
  if (key.startsWith('username-')) return 'username';
  if (key.startsWith('email-')) return 'email';
  if (key.startsWith('password-')) return 'password';
  return null;
}

export default function Register() {
  const { t } = useTranslation();
  useTitle(t('screens.register'));
  const navigate = useNavigate();
  const { player, setPlayer } = useSession();
  const username = useField('', Username);
  const email = useField('', OptionalEmail);
  const password = useField('', Password);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const fields = { username, email, password };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (
      !checkFields([
        [username, 'register-username'],
        [email, 'register-email'],
        [password, 'register-password'],
      ])
    )
      return;
    setSubmitting(true);
    try {
      const created = await signUp({
        username: username.value,
        email: email.value,
        password: password.value,
      });
      // A signed-in guest was upgraded in place: the same session now belongs to the new account.
      if (player?.guest && created.id === player.id) setPlayer(created);
      // With an address, the sign-in page says where the verification link went (and can send it again).
      const verify = created.email && !created.emailVerified ? created.email : undefined;
      if (!verify) toast.success(t('auth.register.success'));
      navigate('/login', {
        state: { identifier: created.name, verificationSentTo: verify } satisfies LoginState,
      });
    } catch (error) {
      const field = error instanceof ApiError ? fieldOf(error.key) : null;
      if (field && error instanceof ApiError) {
        fields[field].fail(error.message);
        document.getElementById(`register-${field}`)?.focus();
      } else if (error instanceof ApiError && error.status !== 0 && error.status < 500) {
        // The human check, a rate limit: nothing to fix in a field.
        setFormError(error.message);
      } else if (!(error instanceof ApiError)) {
        // No human-check token could be had in the browser.
        console.error(error);
        setFormError(t('errors.human-check-failed'));
      } else {
        toastError(error);
      }
    } finally {
      setSubmitting(false);
    }
  };

  // One account per session: a registered player signs out before making another (the server refuses too).
  if (player && !player.guest)
    return (
      <section className="page auth-page" aria-labelledby="register-title">
        <div className="card auth-card">
          <h1 id="register-title">{t('screens.register')}</h1>
          <p className="muted">{t('auth.register.signedInLead', { name: player.name })}</p>
        </div>
      </section>
    );

  return (
    <section className="page auth-page" aria-labelledby="register-title">
      <form className="card auth-card" noValidate onSubmit={onSubmit}>
        <h1 id="register-title">{t('screens.register')}</h1>
        <p className="muted">
          {player?.guest ? t('auth.register.guestLead', { name: player.name }) : t('auth.register.lead')}
        </p>
        <UsernameField
          id="register-username"
          label={t('auth.username')}
          field={username}
          hint={t('auth.register.usernameHint')}
          required
        />
        <EmailField
          id="register-email"
          label={t('auth.emailOptional')}
          field={email}
          hint={t('auth.register.emailHint')}
        />
        <NewPasswordField
          id="register-password"
          label={t('auth.password')}
          field={password}
          name="password"
          required
        />
        <FormError message={formError} />
        <div className="auth-actions auth-actions-end">
          <button type="submit" className="button button-primary" disabled={submitting}>
            {t(submitting ? 'auth.register.submitting' : 'auth.register.submit')}
          </button>
        </div>
        <p className="auth-switch">
          {t('auth.register.haveAccount')} <Link to="/login">{t('auth.register.login')}</Link>
        </p>
      </form>
    </section>
  );
}
