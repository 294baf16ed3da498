import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { errorMessage } from '../api/client';
import { useDeleteAllLogs, useDeleteLog, useLogs } from '../api/logs';
import { useSession } from '../api/session';
import { formatDateTime } from '../components/admin/format';
import { ListState } from '../components/admin/ListState';
import { Pager } from '../components/admin/Pager';
import '../components/admin/admin.css';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { LogLevelBadge } from '../components/logs/LogLevelBadge';
import { useTitle } from '../components/useTitle';
import type { LogSummary } from '../../contract/logs';

/** `/logs` (admins): the server's log rows, newest first; delete one or all, after asking. */
export default function Logs() {
  const { t, i18n } = useTranslation();
  useTitle(t('screens.logs'));
  const { player } = useSession();
  const [page, setPage] = useState(0);
  const query = useLogs(page);
  const [confirm, setConfirm] = useState<LogSummary | 'all' | null>(null);
  const failed = (error: unknown) => toast.error(errorMessage(error));
  const removeOne = useDeleteLog(failed);
  const removeAll = useDeleteAllLogs(failed);
  if (!player?.admin) return <Navigate to="/" replace />;
  const logs = query.data?.items ?? [];

  const onConfirm = () => {
    const target = confirm;
    setConfirm(null);
    if (target === 'all') {
      removeAll.mutate(undefined, {
        onSuccess: () => {
          setPage(0);
          toast.success(t('logs.deletedAll'));
        },
      });
    } else if (target) {
      removeOne.mutate(target, { onSuccess: () => toast.success(t('logs.deleted')) });
    }
  };

  return (
    <section className="page" aria-labelledby="logs-title">
      <div className="list-head">
        <h1 id="logs-title">{t('screens.logs')}</h1>
        <button
          type="button"
          className="button button-danger"
          disabled={logs.length === 0 || removeAll.isPending}
          onClick={() => setConfirm('all')}
        >
          {t('logs.deleteAll')}
        </button>
      </div>
      <ListState
        pending={query.isPending}
        error={query.error}
        empty={logs.length === 0}
        emptyText={t('logs.empty')}
        onRetry={() => void query.refetch()}
      >
        <div className="card list-card">
          <div className="table-scroll">
            <table className="table">
              <caption className="visually-hidden">{t('logs.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('logs.message')}</th>
                  <th scope="col">{t('logs.level')}</th>
                  <th scope="col">{t('logs.player')}</th>
                  <th scope="col">{t('logs.createdAt')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('logs.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {logs.map((log) => (
                  <tr key={log.id}>
                    <td>
                      <Link to={`/logs/${log.id}`}>{log.message}</Link>
                    </td>
                    <td>
                      <LogLevelBadge level={log.level} />
                    </td>
                    <td>{log.player?.name ?? t('logs.noPlayer')}</td>
                    <td className="list-nowrap">{formatDateTime(log.createdAt, i18n.language)}</td>
                    <td>
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={t('logs.deleteOne', { id: log.id })}
                        disabled={removeOne.isPending && removeOne.variables?.id === log.id}
                        onClick={() => setConfirm(log)}
                      >
                        {t('logs.delete')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
        {query.data ? <Pager page={query.data.page} onPage={setPage} label={t('logs.pages')} /> : null}
      </ListState>
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
