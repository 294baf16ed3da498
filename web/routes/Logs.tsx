import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { errorMessage } from '../api/client';
import { type LogSort, useDeleteAllLogs, useDeleteLog, useLogs } from '../api/logs';
import { useSession } from '../api/session';
import { DateTime } from '../components/admin/DateTime';
import '../components/admin/admin.css';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { CloseIcon } from '../components/icons';
import { LogLevelBadge } from '../components/logs/LogLevelBadge';
import { type Column, DataTable } from '../components/table/DataTable';
import { useTitle } from '../components/useTitle';
import type { LogSummary } from '../../contract/logs';

/** `/logs` (admins): the server's log rows, newest first; delete one or all, after asking. */
export default function Logs() {
  const { t } = useTranslation();
  useTitle(t('screens.logs'));
  const { player } = useSession();
  const list = useLogs(player?.admin === true);
  const [confirm, setConfirm] = useState<LogSummary | 'all' | null>(null);
  const failed = (error: unknown) => toast.error(errorMessage(error));
  const removeOne = useDeleteLog(failed);
  const removeAll = useDeleteAllLogs(failed);
  if (!player?.admin) return <Navigate to="/" replace />;

  const onConfirm = () => {
    const target = confirm;
    setConfirm(null);
    if (target === 'all') {
      removeAll.mutate(undefined, {
        onSuccess: () => {
          list.setPage(0);
          toast.success(t('logs.deletedAll'));
        },
      });
    } else if (target) {
      removeOne.mutate(target, { onSuccess: () => toast.success(t('logs.deleted')) });
    }
  };

  const columns: Column<LogSummary, LogSort>[] = [
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
            disabled={removeOne.isPending && removeOne.variables?.id === log.id}
            onClick={() => setConfirm(log)}
          >
            <CloseIcon />
            <span className="button-text-wide">{t('logs.delete')}</span>
          </button>
        ) : null,
    },
  ];

  return (
    <section className="page" aria-labelledby="logs-title">
      <div className="list-head">
        <h1 id="logs-title">{t('screens.logs')}</h1>
        <button
          type="button"
          className="button button-danger"
          disabled={list.rows.length === 0 || removeAll.isPending}
          onClick={() => setConfirm('all')}
        >
          {t('logs.deleteAll')}
        </button>
      </div>
      <DataTable
        id="logs"
        list={list}
        columns={columns}
        caption={t('screens.logs')}
        rowKey={(log) => log.id}
        empty={t('logs.empty')}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={t(confirm === 'all' ? 'logs.deleteAllTitle' : 'logs.deleteTitle')}
        message={
          confirm === 'all'
            ? t('logs.deleteAllQuestion')
            : t('logs.deleteQuestion', { message: confirm?.message ?? '' })
        }
        danger
        onCancel={() => setConfirm(null)}
        onConfirm={onConfirm}
      />
    </section>
  );
}
