import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetPassword } from '../api/account';
import { ApiError } from '../api/client';
import { useSession } from '../api/session';
import { CurrentPasswordField, NewPasswordField } from '../components/AccountFields';
import { checkFields, FormError, useField } from '../components/Field';
import { toastError } from '../components/Toasts';
import { useTitle } from '../components/useTitle';
import { GivenPassword, Password } from '../../contract/account';

export default function PasswordReset() {
  const { t } = useTranslation();
  useTitle(t('screens.passwordReset'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { player, reload } = useSession();
  const oldPassword = useField('', GivenPassword);
  const newPassword = useField('', Password);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const member = !!player && !player.guest;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const fields: Parameters<typeof checkFields>[0] = token
      ? [[newPassword, 'reset-new-password']]
      : [
          [oldPassword, 'reset-old-password'],
          [newPassword, 'reset-new-password'],
        ];
    if (!checkFields(fields)) return;
    setSubmitting(true);
    try {
      await resetPassword(
        token
          ? { token, newPassword: newPassword.value }
          : { oldPassword: oldPassword.value, newPassword: newPassword.value },
      );
      toast.success(t('auth.reset.success'));
      // The server signed this browser in as the account whose password changed.
      await reload();
      navigate('/profile');
    } catch (error) {
      if (!(error instanceof ApiError)) toastError(error);
      else if (error.key === 'password-invalid') {
        oldPassword.fail(error.message);
        document.getElementById('reset-old-password')?.focus();
      } else if (error.key === 'password-length-invalid') newPassword.fail(error.message);
      else if (error.status >= 400 && error.status < 500) setFormError(error.message);
      else toastError(error);
    } finally {
      setSubmitting(false);
    }
  };

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
