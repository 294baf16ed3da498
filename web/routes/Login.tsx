import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { signIn } from '../api/account';
import { ApiError } from '../api/client';
import { useSession } from '../api/session';
import { CurrentPasswordField, UsernameField } from '../components/AccountFields';
import { checkFields, FormError, useField } from '../components/Field';
import { toastError } from '../components/Toasts';
import { useTitle } from '../components/useTitle';
import { Identifier, Password } from '../../contract/account';

/** What /register hands over when it sends the new player here. */
export interface LoginState {
  identifier?: string;
}

export default function Login() {
  const { t } = useTranslation();
  useTitle(t('screens.login'));
  const navigate = useNavigate();
  const location = useLocation();
  const { player, setPlayer } = useSession();
  const prefill = (location.state as LoginState | null)?.identifier ?? '';
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
