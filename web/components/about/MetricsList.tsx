import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  METRICS_WINDOWS,
  type MetricsSource,
  type Metrics,
  type MetricsWindow,
  type WindowFigures,
} from '../../../contract/metrics';
import { formatBytes, uptimeParts } from './figures';

/**
 * A line of figures joined by ` · `, as the locales write it: each figure keeps its words together, so a
 * narrow line breaks between figures, never inside one (`p99` away from its `69 ms`).
 */
function Figures({ text }: { text: string }) {
  const parts = text.split(' · ');
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? '\u00a0· ' : null}
      <span className="metrics-figure">{part}</span>
    </Fragment>
  ));
}

/** A route pattern that may break after each `/` when the line is short. */
function RoutePattern({ route }: { route: string }) {
  return (
    <code>
      {route.split('/').map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? (
            <>
              /<wbr />
            </>
          ) : null}
          {part}
        </Fragment>
      ))}
    </code>
  );
}

function useFormats() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  return {
    number: (value: number) => number.format(value),
    percent: (value: number) => percent.format(value / 100),
    ms: (value: number) => t('about.status.latency', { ms: number.format(value) }),
  };
}

/** One window's requests, errors, response times, busiest routes and rooms. */
function WindowSection({ window, figures }: { window: MetricsWindow; figures: WindowFigures }) {
  const { t } = useTranslation();
  const f = useFormats();
  const id = `metrics-${window}`;
  const rows: [string, ReactNode][] = [
    [t('about.metrics.requests'), f.number(figures.requests)],
    [
      t('about.metrics.errors'),
      t('about.metrics.errorsValue', { count: figures.errors, rate: f.percent(figures.errorRatePercent) }),
    ],
    [
      t('about.metrics.responseTime'),
      <Figures
        text={t('about.metrics.percentiles', { p50: f.ms(figures.p50Ms), p99: f.ms(figures.p99Ms) })}
      />,
    ],
    [t('about.metrics.activeRooms'), f.number(figures.rooms.active)],
    [
      t('about.metrics.roomEvents'),
      <Figures
        text={t('about.metrics.roomEventsValue', {
          moves: f.number(figures.rooms.moves),
          sockets: f.number(figures.rooms.socketsOpened),
          alarms: f.number(figures.rooms.alarms),
        })}
      />,
    ],
  ];
  return (
    <section className="metrics-window" aria-labelledby={id}>
      <h4 id={id}>{t(`about.metrics.window.${window}`)}</h4>
      <StatusRows rows={rows} />
      <h5 id={`${id}-routes`}>{t('about.metrics.topRoutes')}</h5>
      {figures.topRoutes.length === 0 ? <p className="muted">{t('about.metrics.noRequests')}</p> : null}
      <ol className="metrics-routes" aria-labelledby={`${id}-routes`}>
        {figures.topRoutes.map((route) => (
          <li key={route.route} className="status-row metrics-route">
            <RoutePattern route={route.route} />
            <span className="metrics-route-figures">
              <Figures
                text={t('about.metrics.routeFigures', {
                  requests: f.number(route.requests),
                  errors: f.number(route.errors),
                  p50: f.ms(route.p50Ms),
                  p99: f.ms(route.p99Ms),
                })}
              />
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Label and value, a row each, as the status tab's other figures. */
function StatusRows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="status-list">
      {rows.map(([label, value]) => (
        <div key={label} className="status-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const SOURCE_NOTES: Record<MetricsSource, string> = {
  'analytics-engine': 'about.metrics.sourceAnalytics',
  local: 'about.metrics.sourceLocal',
  none: 'about.metrics.sourceNone',
};

/** The admins' figures of GET /api/metrics, under the services on the status tab. */
export function MetricsList({ metrics }: { metrics: Metrics }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { database, files } = metrics.storage;
  const bytes = (value: number | null) =>
    value === null ? t('about.metrics.unknown') : formatBytes(value, language);

  const rows: [string, string][] = [
    [
      t('about.metrics.instanceUptime'),
      t('about.metrics.uptimeValue', uptimeParts(metrics.isolateUptimeSeconds)),
    ],
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
      <p className="muted metrics-source">{t(SOURCE_NOTES[metrics.source])}</p>
      {METRICS_WINDOWS.map((window) =>
        metrics.windows ? (
          <WindowSection key={window} window={window} figures={metrics.windows[window]} />
        ) : null,
      )}
      <StatusRows rows={rows} />
    </section>
  );
}
