import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { resendVerification, signIn } from '../api/account';
import { ApiError } from '../api/client';
import { useSession } from '../api/session';
import { CurrentPasswordField, UsernameField } from '../components/AccountFields';
import { checkFields, FormError, useField } from '../components/Field';
import { toastError } from '../components/Toasts';
import { useTitle } from '../components/useTitle';
import { Identifier, Password } from '../../contract/account';
import type { ErrorBody } from '../../contract/errors';

/** What /register hands over when it sends the new player here. */
export interface LoginState {
  identifier?: string;
  /** The address the sign-up mailed a verification link to. */
  verificationSentTo?: string;
}

/** `alice@example.com` → `a…@example.com`: enough to recognise one's address, not to read it over a shoulder. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return `${email[0]}…${email.slice(at)}`;
}

/** Where the sign-up's verification link went, and a button that sends it again. */
function VerificationSent({ email }: { email: string }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [resent, setResent] = useState(false);
  const masked = maskEmail(email);
  const resend = async () => {
    setSending(true);
    try {
      await resendVerification(email);
      setResent(true);
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="auth-note" role="status">
      <span>{t(resent ? 'auth.login.resent' : 'auth.login.verificationSent', { email: masked })}</span>{' '}
      <button type="button" className="button button-small" onClick={resend} disabled={sending}>
        {t(sending ? 'auth.login.resending' : 'auth.login.resend')}
      </button>
    </div>
  );
}

export default function Login() {
  const { t } = useTranslation();
  useTitle(t('screens.login'));
  const navigate = useNavigate();
  const location = useLocation();
  const { player, setPlayer } = useSession();
  const state = location.state as LoginState | null;
  const prefill = state?.identifier ?? '';
  const sentTo = state?.verificationSentTo;
  const identifier = useField(prefill, Identifier);
  const password = useField('', Password);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  // Coming from the sign-up, the name is filled in already: the password is what is left to type.
  useEffect(() => {
    if (prefill) document.getElementById('login-password')?.focus();
  }, [prefill]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (
      !checkFields([
        [identifier, 'login-identifier'],
        [password, 'login-password'],
      ])
    )
      return;
    setSubmitting(true);
    try {
      const me = await signIn(identifier.value, password.value);
      setPlayer(me);
      toast.success(t('auth.login.welcome', { name: me.name }), { id: 'signed-in' });
      navigate('/');
    } catch (error) {
      if (!(error instanceof ApiError)) toastError(error);
      else if (error.key === 'identifier-invalid') identifier.fail(error.message);
      else if (error.key === 'password-length-invalid') password.fail(error.message);
      else if (error.key === 'player-banned') {
        // A banned account is told why, when the admin's reason came with the refusal.
        const { reason } = (error.body ?? {}) as Partial<ErrorBody>;
        setFormError(reason ? t('app.errors.banned', { reason }) : error.message);
      }
      // Wrong credentials, too many attempts, a blocked account: said above the button.
      else if (error.status === 401 || error.status === 403 || error.status === 429)
        setFormError(error.message);
      else toastError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="page auth-page" aria-labelledby="login-title">
      <form className="card auth-card" noValidate onSubmit={onSubmit}>
        <h1 id="login-title">{t('screens.login')}</h1>
        <p className="muted">{t('auth.login.lead')}</p>
        {sentTo ? <VerificationSent email={sentTo} /> : null}
        {player && !player.guest ? (
          <p className="auth-note">{t('auth.login.signedInAs', { name: player.name })}</p>
        ) : null}
        <UsernameField id="login-identifier" label={t('auth.identifier')} field={identifier} required />
        <CurrentPasswordField
          id="login-password"
          label={t('auth.password')}
          field={password}
          name="password"
          required
        />
        <FormError message={formError} />
        <div className="auth-actions">
          <Link to="/forgot-password">{t('auth.login.forgot')}</Link>
          <button type="submit" className="button button-primary" disabled={submitting}>
            {t(submitting ? 'auth.login.submitting' : 'auth.login.submit')}
          </button>
        </div>
        <p className="auth-switch">
          {t('auth.login.noAccount')} <Link to="/register">{t('auth.login.register')}</Link>
        </p>
      </form>
    </section>
  );
}
