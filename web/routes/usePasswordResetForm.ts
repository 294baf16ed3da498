import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resetPassword } from '../api/account';
import { ApiError } from '../api/client';
import { useSession } from '../api/session';
import { checkFields, useField } from '../components/Field';
import { toastError } from '../components/Toasts';
import { GivenPassword, Password } from '../../contract/account';

/**
 * The password form: with a mailed `token` only the new password, else the old one too; success signs this
 * browser in and goes to the profile.
 */
export function usePasswordResetForm(token: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { reload } = useSession();
  const oldPassword = useField('', GivenPassword);
  const newPassword = useField('', Password);
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const refused = (error: unknown) => {
    if (!(error instanceof ApiError)) toastError(error);
    else if (error.key === 'password-invalid') {
      oldPassword.fail(error.message);
      document.getElementById('reset-old-password')?.focus();
    } else if (error.key === 'password-length-invalid') newPassword.fail(error.message);
    else if (error.status >= 400 && error.status < 500) setFormError(error.message);
    else toastError(error);
  };

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
      refused(error);
    } finally {
      setSubmitting(false);
    }
  };

  return { oldPassword, newPassword, submitting, formError, onSubmit };
}
