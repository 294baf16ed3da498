import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailField, NewPasswordField, UsernameField } from '../components/AccountFields';
import { FormError } from '../components/Field';
import { useTitle } from '../components/useTitle';
import { useRegisterForm } from './useRegisterForm';

export default function Register() {
  const { t } = useTranslation();
  useTitle(t('screens.register'));
  const { player, username, email, password, submitting, formError, onSubmit } = useRegisterForm();

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
