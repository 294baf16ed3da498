import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resendVerification } from '../api/account';
import { toastError } from './Toasts';

/** `alice@example.com` → `a…@example.com`: enough to recognise one's address, not to read it over a shoulder. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return `${email[0]}…${email.slice(at)}`;
}

/**
 * The sign-up's mailbox hint: where the verification link went. With `resendable`, a button sends it again
 * (the sign-in page has no other); the profile leaves it out, its e-mail row has one already.
 */
export function VerificationSent({ email, resendable }: { email: string; resendable?: boolean }) {
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
      <span>{t(resent ? 'auth.login.resent' : 'auth.login.verificationSent', { email: masked })}</span>
      {resendable ? (
        <>
          {' '}
          <button type="button" className="button button-small" onClick={resend} disabled={sending}>
            {t(sending ? 'auth.login.resending' : 'auth.login.resend')}
          </button>
        </>
      ) : null}
    </div>
  );
}
