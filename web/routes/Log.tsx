import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../api/client';
import { useDeleteLog, useLog } from '../api/logs';
import { useSession } from '../api/session';
import { ListState } from '../components/admin/ListState';
import '../components/admin/admin.css';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { LogDetails } from '../components/logs/LogDetails';
import { useTitle } from '../components/useTitle';

/** `/logs/:id` (admins): player, level, date, message and data of one log row. */
export default function Log() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  useTitle(t('screens.log', { id }));
  const { player } = useSession();
  const navigate = useNavigate();
  const query = useLog(id, player?.admin === true);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteLog((error) => toast.error(errorMessage(error)));
  if (!player?.admin) return <Navigate to="/" replace />;
  const log = query.data;

  return (
    <section className="page" aria-labelledby="log-title">
      <Link className="back-link" to="/logs">
        {t('logs.back')}
      </Link>
      <ListState
        pending={query.isPending}
        error={Number.isInteger(id) && id > 0 ? query.error : new Error(t('logs.notFound'))}
        empty={false}
        emptyText=""
        onRetry={() => void query.refetch()}
      >
        {log ? (
          <article className="card">
            <h1 id="log-title">{t('screens.log', { id: log.id })}</h1>
            <LogDetails log={log} />
            {log._links.delete ? (
              <div className="detail-actions">
                <button
                  type="button"
                  className="button button-danger"
                  disabled={remove.isPending}
                  onClick={() => setConfirming(true)}
                >
                  {t('logs.delete')}
                </button>
              </div>
            ) : null}
            <ConfirmDialog
              open={confirming}
              title={t('logs.deleteTitle')}
              message={t('logs.deleteQuestion', { message: log.message })}
              danger
              onCancel={() => setConfirming(false)}
              onConfirm={() => {
                setConfirming(false);
                remove.mutate(log, {
                  onSuccess: () => {
                    toast.success(t('logs.deleted'));
                    navigate('/logs');
                  },
                });
              }}
            />
          </article>
        ) : null}
      </ListState>
    </section>
  );
}
