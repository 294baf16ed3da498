import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signIn } from '../api/account';
import { ApiError } from '../api/client';
import { useSession } from '../api/session';
import { checkFields, useField } from '../components/Field';
import { toastError } from '../components/Toasts';
import { Identifier, Password } from '../../contract/account';
import type { ErrorBody } from '../../contract/errors';

/** The sign-in form's fields and its submit; `prefill` is the name the sign-up handed over. */
export function useLoginForm(prefill: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { setPlayer } = useSession();
  const identifier = useField(prefill, Identifier);
  const password = useField('', Password);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  // Coming from the sign-up, the name is filled in already: the password is what is left to type.
  useEffect(() => {
    if (prefill) document.getElementById('login-password')?.focus();
  }, [prefill]);

  const refused = (error: unknown) => {
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
  };

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
      refused(error);
    } finally {
      setSubmitting(false);
    }
  };

  return { identifier, password, submitting, formError, onSubmit };
}
