import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ClashResource } from '../../../contract/clashes';
import { useClashAction } from '../../api/clash';
import { toastError } from '../Toasts';
import { onTurn } from './model';

/**
 * A correspondence clash's one "more time" gift, beside the clock: a player not on turn gives the one on turn
 * a day more. Shown only while the server gives this viewer the `moreTime` link.
 */
export function MoreTimeButton({ clash }: { clash: ClashResource }) {
  const { t } = useTranslation();
  const action = useClashAction(clash.id);
  const current = onTurn(clash);
  if (!clash._links.moreTime || !current) return null;
  const give = () =>
    action.mutate(
      { type: 'moreTime' },
      {
        onSuccess: () => toast.success(t('clashes.live.moreTimeDone', { name: current.name })),
        onError: toastError,
      },
    );
  return (
    <div className="clash-more-time">
      <button type="button" className="button" disabled={action.isPending} onClick={give}>
        {t('clashes.live.moreTime', { name: current.name })}
      </button>
      <p className="field-hint">{t('clashes.live.moreTimeHint')}</p>
    </div>
  );
}
