import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { errorMessage } from '../api/client';
import { useDeleteAllLogs, useDeleteLog, useLogs } from '../api/logs';
import { useSession } from '../api/session';
import '../components/admin/admin.css';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { logColumns } from '../components/logs/logColumns';
import { DataTable } from '../components/table/DataTable';
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

  const columns = logColumns(
    t,
    (log) => removeOne.isPending && removeOne.variables?.id === log.id,
    setConfirm,
  );

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
