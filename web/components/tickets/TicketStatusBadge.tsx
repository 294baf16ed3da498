import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '../../../contract/tickets';

const TONE: Record<TicketStatus, string> = {
  OPEN: 'badge-open',
  IN_PROGRESS: 'badge-progress',
  CLOSED: 'badge-closed',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge ${TONE[status] ?? ''}`}>
      {t(`tickets.status.${status}`, { defaultValue: status })}
    </span>
  );
}
