import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { LogSort } from '../../api/logs';
import type { LogSummary } from '../../../contract/logs';
import { DateTime } from '../admin/DateTime';
import { CloseIcon } from '../icons';
import type { Column } from '../table/DataTable';
import { LogLevelBadge } from './LogLevelBadge';

/** The columns of the log list; a row's delete button asks first (`onDelete`) and waits while its delete runs. */
export function logColumns(
  t: TFunction,
  deleting: (log: LogSummary) => boolean,
  onDelete: (log: LogSummary) => void,
): Column<LogSummary, LogSort>[] {
  return [
    {
      id: 'message',
      label: t('logs.message'),
      rowHeader: true,
      render: (log) => <Link to={`/logs/${log.id}`}>{log.message}</Link>,
    },
    {
      id: 'level',
      label: t('logs.level'),
      sort: 'level',
      render: (log) => <LogLevelBadge level={log.level} />,
    },
    {
      id: 'player',
      label: t('logs.player'),
      optional: true,
      render: (log) => log.player?.name ?? t('logs.noPlayer'),
    },
    {
      id: 'createdAt',
      label: t('logs.createdAt'),
      sort: 'createdAt',
      render: (log) => <DateTime iso={log.createdAt} />,
    },
    {
      id: 'actions',
      label: t('logs.actions'),
      render: (log) =>
        log._links.delete ? (
          <button
            type="button"
            className="button button-small"
            aria-label={t('logs.deleteOne', { id: log.id })}
            disabled={deleting(log)}
            onClick={() => onDelete(log)}
          >
            <CloseIcon />
            <span className="button-text-wide">{t('logs.delete')}</span>
          </button>
        ) : null,
    },
  ];
}
