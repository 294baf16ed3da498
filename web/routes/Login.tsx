import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../api/session';
import { CurrentPasswordField, UsernameField } from '../components/AccountFields';
import { FormError } from '../components/Field';
import { useTitle } from '../components/useTitle';
import { VerificationSent } from '../components/VerificationSent';
import { useLoginForm } from './useLoginForm';

/** What /register hands over when it sends a new player here (one it could not sign in: no guest session). */
export interface LoginState {
  identifier?: string;
  /** The address the sign-up mailed a verification link to. */
  verificationSentTo?: string;
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
        {sentTo ? <VerificationSent email={sentTo} resendable /> : null}
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
