import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ClashResource } from '../../../contract/clashes';
import { useRematch } from '../../api/challenges';
import { useSession } from '../../api/session';
import { toastError } from '../Toasts';
import '../challenges/challenges.css';

/**
 * Under a finished clash, for its players: "Rematch" proposes the same clash again (the others accept from
 * the clash screen or the bell), or "Go to the rematch" once one of them did. A guest (who joined by a
 * challenge link) is offered to sign up instead, to keep the clash on an account.
 */
export function RematchPanel({ clash }: { clash: ClashResource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { player } = useSession();
  const rematch = useRematch(clash);
  if (!player || !clash.players.some((p) => p.id === player.id)) return null;
  if (player.guest)
    return (
      <p className="card clash-rematch clash-rematch--guest">
        <span>{t('clashes.rematch.guest')}</span>
        <Link to="/register" className="button button-primary">
          {t('clashes.rematch.signUp')}
        </Link>
      </p>
    );
  if (clash.rematchId)
    return (
      <p className="card clash-rematch">
        <span>{t('clashes.rematch.proposed')}</span>
        <Link to={`/clashes/${clash.rematchId}`} className="button button-primary">
          {t('clashes.rematch.open')}
        </Link>
      </p>
    );
  if (!clash._links.rematch) return null;
  return (
    <p className="card clash-rematch">
      <span>{t('clashes.rematch.lead')}</span>
      <button
        type="button"
        className="button button-primary"
        disabled={rematch.isPending}
        onClick={() =>
          rematch.mutate(undefined, {
            onSuccess: (next) => void navigate(`/clashes/${next.id}`),
            onError: toastError,
          })
        }
      >
        {t('clashes.rematch.button')}
      </button>
    </p>
  );
}
