import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestPasswordReset } from '../api/account';
import { ApiError } from '../api/client';
import { useSession } from '../api/session';
import type { PlayerResource } from '../../contract/players';
import { EmailField } from '../components/AccountFields';
import { checkFields, FormError, useField } from '../components/Field';
import { toastError } from '../components/Toasts';
import { useTitle } from '../components/useTitle';
import { VerifiedFlag } from '../components/VerifiedFlag';
import { RequiredEmail } from '../../contract/account';

/**
 * After sending. A visitor gets the same answer whether or not the address has an account (the server
 * says nothing either); a signed-in player sent it to their own verified address, and is told so plainly.
 */
function CheckEmail({ email, member }: { email: string; member: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="auth-done" role="status">
      <h2>{t('auth.forgot.checkEmail')}</h2>
      <p>{t(member ? 'auth.forgot.sentToYou' : 'auth.forgot.sent', { email })}</p>
      <p>
        {member ? (
          <Link to="/profile">{t('auth.forgot.backToProfile')}</Link>
        ) : (
          <Link to="/login">{t('auth.forgot.backToLogin')}</Link>
        )}
      </p>
    </div>
  );
}

function useSend() {
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const send = async (email: string, onFieldError?: (message: string) => void) => {
    setFormError(null);
    setSending(true);
    try {
      await requestPasswordReset(email);
      setSentTo(email.trim());
    } catch (error) {
      if (error instanceof ApiError && error.key.startsWith('email-') && onFieldError)
        onFieldError(error.message);
      else if (error instanceof ApiError && error.status === 429) setFormError(error.message);
      else toastError(error);
    } finally {
      setSending(false);
    }
  };
  return { sending, sentTo, formError, send };
}

/** A signed-in player: the link can only go to their own, verified address. */
function MemberReset({ player }: { player: PlayerResource }) {
  const { t } = useTranslation();
  const { sending, sentTo, formError, send } = useSend();
  if (sentTo) return <CheckEmail email={sentTo} member />;
  const email = player.email;
  return (
    <>
      {email ? (
        <>
          <p>{t('auth.forgot.yours')}</p>
          <p className="auth-email">
            <strong>{email}</strong> <VerifiedFlag verified={player.emailVerified} />
          </p>
          {player.emailVerified ? null : <p className="muted">{t('auth.forgot.mustVerify')}</p>}
        </>
      ) : (
        <p>{t('auth.forgot.noEmail')}</p>
      )}
      <FormError message={formError} />
      <div className="auth-actions">
        <Link to="/profile">{t('auth.forgot.updateEmail')}</Link>
        <button
          type="button"
          className="button button-primary"
          disabled={!email || !player.emailVerified || sending}
          onClick={() => email && send(email)}
        >
          {t(sending ? 'auth.forgot.sending' : 'auth.forgot.submit')}
        </button>
      </div>
    </>
  );
}

/** An anonymous visitor or a guest: any address; the answer does not tell whether it has an account. */
function AnonymousReset() {
  const { t } = useTranslation();
  const email = useField('', RequiredEmail);
  const { sending, sentTo, formError, send } = useSend();
  if (sentTo) return <CheckEmail email={sentTo} member={false} />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checkFields([[email, 'forgot-email']])) void send(email.value, email.fail);
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <p className="muted">{t('auth.forgot.lead')}</p>
      <EmailField id="forgot-email" label={t('auth.email')} field={email} required />
      <FormError message={formError} />
      <div className="auth-actions">
        <Link to="/login">{t('auth.forgot.backToLogin')}</Link>
        <button type="submit" className="button button-primary" disabled={sending}>
          {t(sending ? 'auth.forgot.sending' : 'auth.forgot.submit')}
        </button>
      </div>
    </form>
  );
}

export default function ForgotPassword() {
  const { t } = useTranslation();
  useTitle(t('screens.forgotPassword'));
  const { player } = useSession();
  return (
    <section className="page auth-page" aria-labelledby="forgot-title">
      <div className="card auth-card">
        <h1 id="forgot-title">{t('screens.forgotPassword')}</h1>
        {player && !player.guest ? <MemberReset player={player} /> : <AnonymousReset />}
      </div>
    </section>
  );
}
