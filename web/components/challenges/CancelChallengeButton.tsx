import { useTranslation } from 'react-i18next';
import type { ChallengeResource } from '../../../contract/challenges';
import { useCancelChallenge } from '../../api/challenges';
import { toastError } from '../Toasts';

/** Its maker cancels a challenge link (DELETE on it), where the link says they may. */
export function CancelChallengeButton({ challenge }: { challenge: ChallengeResource }) {
  const { t } = useTranslation();
  const cancel = useCancelChallenge();
  if (!challenge._links.delete) return null;
  return (
    <button
      type="button"
      className="button"
      disabled={cancel.isPending}
      onClick={() => cancel.mutate(challenge, { onError: toastError })}
    >
      {t('challenges.mine.cancel')}
    </button>
  );
}
