import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../api/outage';

/** What a list shows before it has rows to show: loading, a failure with a retry, or nothing found. */
export function ListState({
  pending,
  error,
  empty,
  emptyText,
  onRetry,
  children,
}: {
  pending: boolean;
  error: Error | null;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (error) {
    return (
      <div className="card list-state" role="alert">
        <p className="form-error">{failureText(error, t('lists.loadFailed'))}</p>
        <button type="button" className="button" onClick={onRetry}>
          {t('lists.retry')}
        </button>
      </div>
    );
  }
  if (pending) {
    return (
      <p className="card muted list-state" role="status">
        {t('lists.loading')}
      </p>
    );
  }
  if (empty) return <p className="card muted list-state">{emptyText}</p>;
  return children;
}
