import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { resendVerification } from '../api/account';
import { useSession } from '../api/session';
import { CurrentPasswordField, UsernameField } from '../components/AccountFields';
import { FormError } from '../components/Field';
import { toastError } from '../components/Toasts';
import { useTitle } from '../components/useTitle';
import { useLoginForm } from './useLoginForm';

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
  const location = useLocation();
  const { player } = useSession();
  const state = location.state as LoginState | null;
  const sentTo = state?.verificationSentTo;
  const { identifier, password, submitting, formError, onSubmit } = useLoginForm(state?.identifier ?? '');

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
