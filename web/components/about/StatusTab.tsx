import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMetrics } from '../../api/admin';
import { useHealth } from '../../api/health';
import { useSession } from '../../api/session';
import type { Health, ServiceHealth } from '../../../contract/health';
import { RefreshIcon } from '../icons';
import { MetricsList } from './MetricsList';

/** SPEC section 9: the status refresh button stays disabled for 15 s after use. */
export const REFRESH_LOCK_MS = 15_000;

function Up({ up, detail }: { up: boolean; detail?: string }) {
  const { t } = useTranslation();
  return (
    <span className={up ? 'pill pill-ok' : 'pill pill-down'}>
      {t(up ? 'about.status.up' : 'about.status.down')}
      {detail ? <span className="pill-detail">{detail}</span> : null}
    </span>
  );
}

function ServiceRow({ label, service }: { label: string; service: ServiceHealth }) {
  const { t } = useTranslation();
  return (
    <div className="status-row">
      <dt>{label}</dt>
      <dd>
        <Up up={service.up} detail={t('about.status.latency', { ms: service.latencyMs })} />
      </dd>
    </div>
  );
}

/** The server's answer: overall, version, each service with its latency, and the human check. */
function HealthList({ data }: { data: Health }) {
  const { t } = useTranslation();
  return (
    <dl className="status-list">
      <div className="status-row">
        <dt>{t('about.status.overall')}</dt>
        <dd>
          <Up up={data.status === 'ok'} />
        </dd>
      </div>
      <div className="status-row">
        <dt>{t('about.status.version')}</dt>
        <dd>
          {data.version} <span className="muted">({data.environment})</span>
        </dd>
      </div>
      <ServiceRow label={t('about.status.database')} service={data.services.database} />
      <ServiceRow label={t('about.status.rooms')} service={data.services.rooms} />
      <ServiceRow label={t('about.status.storage')} service={data.services.storage} />
      <div className="status-row">
        <dt>{t('about.status.humanCheck')}</dt>
        <dd>{t(data.humanCheck === 'on' ? 'about.status.on' : 'about.status.off')}</dd>
      </div>
    </dl>
  );
}

export function StatusTab() {
  const { t, i18n } = useTranslation();
  const health = useHealth();
  // Admins also see the server's figures (SPEC section 2); the server refuses them to everyone else.
  const admin = useSession().player?.admin === true;
  const metrics = useMetrics(admin);
  const [locked, setLocked] = useState(false);

  useEffect(() => {
    if (!locked) return;
    const timer = setTimeout(() => setLocked(false), REFRESH_LOCK_MS);
    return () => clearTimeout(timer);
  }, [locked]);

  const refresh = () => {
    setLocked(true);
    void health.refetch();
    if (admin) void metrics.refetch();
  };

  const data = health.data;
  return (
    <div className="card status">
      <div className="status-head">
        <h2>{t('about.status.title')}</h2>
        <button
          type="button"
          className="button"
          onClick={refresh}
          disabled={locked || health.isFetching}
          aria-describedby={locked ? 'status-refresh-hint' : undefined}
        >
          <RefreshIcon />
          {t('about.status.refresh')}
        </button>
      </div>
      {locked ? (
        <p id="status-refresh-hint" className="muted">
          {t('about.status.refreshLocked', { seconds: REFRESH_LOCK_MS / 1000 })}
        </p>
      ) : null}
      {health.isPending ? <p aria-live="polite">{t('about.status.checking')}</p> : null}
      {health.isError ? (
        <p className="form-error" role="alert">
          {t('about.status.unreachable')} {health.error.message}
        </p>
      ) : null}
      {data ? <HealthList data={data} /> : null}
      {metrics.data ? <MetricsList metrics={metrics.data} /> : null}
      {admin && metrics.isError ? (
        <p className="form-error" role="alert">
          {t('about.metrics.unreachable')} {metrics.error.message}
        </p>
      ) : null}
      {health.dataUpdatedAt ? (
        <p className="muted">
          {t('about.status.checkedAt', {
            time: new Date(health.dataUpdatedAt).toLocaleTimeString(i18n.language),
          })}
        </p>
      ) : null}
    </div>
  );
}
