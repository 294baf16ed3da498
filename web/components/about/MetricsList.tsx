import { useTranslation } from 'react-i18next';
import type { Metrics } from '../../../contract/metrics';
import { formatBytes, uptimeParts } from './figures';

/** The admins' figures of GET /api/metrics, under the services on the status tab. */
export function MetricsList({ metrics }: { metrics: Metrics }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 });
  const up = uptimeParts(metrics.uptimeSeconds);
  const { database, files } = metrics.storage;
  const ms = (value: number) => t('about.status.latency', { ms: number.format(value) });
  const bytes = (value: number | null) =>
    value === null ? t('about.metrics.unknown') : formatBytes(value, language);

  const rows: [string, string][] = [
    [t('about.metrics.requests'), number.format(metrics.requests)],
    [t('about.metrics.averageResponse'), ms(metrics.averageResponseMs)],
    [t('about.metrics.errors'), number.format(metrics.errors)],
    [t('about.metrics.errorRate'), percent.format(metrics.errorRatePercent / 100)],
    [t('about.metrics.uptime'), t('about.metrics.uptimeValue', up)],
    [t('about.metrics.cpuPerRequest'), ms(metrics.cpuTimePerRequestMs)],
    [
      t('about.metrics.databaseUsed'),
      t('about.metrics.ofLimit', { used: bytes(database.usedBytes), limit: bytes(database.limitBytes) }),
    ],
    [t('about.metrics.databaseFree'), bytes(database.freeBytes)],
    [
      t('about.metrics.files'),
      t(files.complete ? 'about.metrics.filesValue' : 'about.metrics.filesAtLeast', {
        used: bytes(files.usedBytes),
        count: files.objects,
      }),
    ],
  ];

  return (
    <section className="status-metrics" aria-labelledby="metrics-title">
      <h3 id="metrics-title">{t('about.metrics.title')}</h3>
      <dl className="status-list">
        {rows.map(([label, value]) => (
          <div key={label} className="status-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
