import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../api/session';
import { CurrentPasswordField, NewPasswordField } from '../components/AccountFields';
import { FormError } from '../components/Field';
import { useTitle } from '../components/useTitle';
import { usePasswordResetForm } from './usePasswordResetForm';

export default function PasswordReset() {
  const { t } = useTranslation();
  useTitle(t('screens.passwordReset'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { player } = useSession();
  const { oldPassword, newPassword, submitting, formError, onSubmit } = usePasswordResetForm(token);
  const member = !!player && !player.guest;

  return (
    <section className="page auth-page" aria-labelledby="reset-title">
      <div className="card auth-card">
        <h1 id="reset-title">{t('screens.passwordReset')}</h1>
        {token || member ? (
          <form noValidate onSubmit={onSubmit}>
            <p className="muted">{t(token ? 'auth.reset.leadToken' : 'auth.reset.leadChange')}</p>
            {token ? null : (
              <CurrentPasswordField
                id="reset-old-password"
                label={t('auth.reset.oldPassword')}
                field={oldPassword}
                name="current-password"
                required
              />
            )}
            <NewPasswordField
              id="reset-new-password"
              label={t('auth.reset.newPassword')}
              field={newPassword}
              name="new-password"
              required
            />
            <FormError message={formError} />
            <div className="auth-actions">
              {token ? <Link to="/forgot-password">{t('auth.reset.forgotLink')}</Link> : <span />}
              <button type="submit" className="button button-primary" disabled={submitting}>
                {t(submitting ? 'auth.reset.submitting' : 'auth.reset.submit')}
              </button>
            </div>
          </form>
        ) : (
          <>
            <p>{t('auth.reset.signInFirst')}</p>
            <p className="auth-links">
              <Link to="/login" className="button button-primary">
                {t('auth.login.submit')}
              </Link>
              <Link to="/forgot-password">{t('auth.reset.forgotLink')}</Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
