import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { verifyEmail } from '../api/account';
import { ApiError, errorMessage } from '../api/client';
import { useSession } from '../api/session';
import { useTitle } from '../components/useTitle';
import '../components/forms.css';

type Outcome = { state: 'verifying' } | { state: 'verified' } | { state: 'failed'; message: string };

// A token works once: the answer is kept per token, so StrictMode's second effect run (and a remount)
// reads it instead of spending the token again and reporting a failure.
const attempts = new Map<string, Promise<void>>();

function verifyOnce(token: string): Promise<void> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = verifyEmail(token).then(() => undefined);
    attempts.set(token, attempt);
  }
  return attempt;
}

/** The outcome of verifying `token` (spent once, see verifyOnce); a signed-in player's profile is reloaded. */
function useVerification(token: string, signedIn: boolean, reload: () => Promise<unknown>): Outcome {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'verifying' });
  useEffect(() => {
    if (!token) return;
    let current = true;
    setOutcome({ state: 'verifying' });
    verifyOnce(token)
      .then(() => {
        if (!current) return;
        setOutcome({ state: 'verified' });
        // The verified flag on the profile comes from the current player.
        if (signedIn) void reload();
      })
      .catch((error: unknown) => {
        if (!current) return;
        const refused = error instanceof ApiError && error.status === 400;
        setOutcome({
          state: 'failed',
          message: refused ? t('errors.email-verification-failed') : errorMessage(error),
        });
      });
    return () => {
      current = false;
    };
  }, [token, signedIn, reload, t]);

  return outcome;
}

/** What the page says: no token, verifying, verified (with the way on) or why it failed. */
function VerificationBody({
  token,
  outcome,
  signedIn,
}: {
  token: string;
  outcome: Outcome;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  if (!token) {
    return (
      <div className="auth-done" role="alert">
        <p className="form-error">{t('errors.token-missing')}</p>
        <p>
          <Link to="/">{t('auth.verification.home')}</Link>
        </p>
      </div>
    );
  }
  if (outcome.state === 'verifying') {
    return (
      <div className="auth-done" role="status">
        <p className="muted">{t('auth.verification.verifying')}</p>
      </div>
    );
  }
  if (outcome.state === 'verified') {
    return (
      <div className="auth-done" role="status">
        <p className="auth-success">{t('auth.verification.success')}</p>
        <p className="auth-links">
          <Link to="/" className="button button-primary">
            {t('auth.verification.home')}
          </Link>
          {signedIn ? <Link to="/profile">{t('auth.verification.profile')}</Link> : null}
        </p>
      </div>
    );
  }
  return (
    <div className="auth-done" role="alert">
      <p className="form-error">{outcome.message}</p>
      <p className="muted">{t('auth.verification.failedHint')}</p>
      <p className="auth-links">
        <Link to="/" className="button">
          {t('auth.verification.home')}
        </Link>
        {signedIn ? <Link to="/profile">{t('auth.verification.profile')}</Link> : null}
      </p>
    </div>
  );
}

export default function EmailVerification() {
  const { t } = useTranslation();
  useTitle(t('screens.emailVerification'));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { player, reload } = useSession();
  const signedIn = !!player && !player.guest;
  const outcome = useVerification(token, signedIn, reload);

  return (
    <section className="page auth-page" aria-labelledby="verification-title">
      <div className="card auth-card">
        <h1 id="verification-title">{t('screens.emailVerification')}</h1>
        <VerificationBody token={token} outcome={outcome} signedIn={signedIn} />
      </div>
    </section>
  );
}
