import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signUp } from '../api/account';
import { ApiError } from '../api/client';
import { useSession } from '../api/session';
import { checkFields, useField } from '../components/Field';
import { toastError } from '../components/Toasts';
import { OptionalEmail, Password, Username } from '../../contract/account';
import type { LoginState } from './Login';
import type { ProfileState } from './Profile';

/** Which field a refusal of the server is about. */
function fieldOf(key: string): 'username' | 'email' | 'password' | null {
  if (key.startsWith('username-')) return 'username';
  if (key.startsWith('email-')) return 'email';
  if (key.startsWith('password-')) return 'password';
  return null;
}

/** The sign-up form's fields and its submit: a refusal lands on its field, else under the form or in a toast. */
export function useRegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { player, setPlayer } = useSession();
  const username = useField('', Username);
  const email = useField('', OptionalEmail);
  const password = useField('', Password);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const fields = { username, email, password };

  const refused = (error: unknown) => {
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
  };

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
      // With an address, the next screen says where the verification link went.
      const verify = created.email && !created.emailVerified ? created.email : undefined;
      if (!verify) toast.success(t('auth.register.success'));
      if (player?.guest && created.id === player.id) {
        // A signed-in guest was upgraded in place: the same session now belongs to the new account, so the
        // player goes on from their profile (avatar, e-mail) rather than a sign-in form they do not need.
        setPlayer(created);
        navigate('/profile', { state: { verificationSentTo: verify } satisfies ProfileState });
      } else {
        // No session to upgrade (the guest could not be started): the account exists, signing in is next.
        navigate('/login', {
          state: { identifier: created.name, verificationSentTo: verify } satisfies LoginState,
        });
      }
    } catch (error) {
      refused(error);
    } finally {
      setSubmitting(false);
    }
  };

  return { player, username, email, password, submitting, formError, onSubmit };
}
