import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LogSummary } from '../../../contract/logs';
import { formatDateTime } from '../admin/format';
import { LogLevelBadge } from './LogLevelBadge';

/** The data of a log row, readable: JSON indented, anything else as it is. */
function dataText(data: unknown): string {
  if (data === null || data === undefined) return '';
  if (typeof data === 'string') return data;
  return JSON.stringify(data, null, 2);
}

/** Player, level, date, message and data of one log row. */
export function LogDetails({ log }: { log: LogSummary }) {
  const { t, i18n } = useTranslation();
  const data = dataText(log.data);
  return (
    <dl className="detail-list">
      <div className="detail-row">
        <dt>{t('logs.player')}</dt>
        <dd>
          {log.player ? <Link to={`/players/${log.player.id}`}>{log.player.name}</Link> : t('logs.noPlayer')}
        </dd>
      </div>
      <div className="detail-row">
        <dt>{t('logs.level')}</dt>
        <dd>
          <LogLevelBadge level={log.level} />
        </dd>
      </div>
      <div className="detail-row">
        <dt>{t('logs.createdAt')}</dt>
        <dd>{formatDateTime(log.createdAt, i18n.language)}</dd>
      </div>
      <div className="detail-row">
        <dt>{t('logs.message')}</dt>
        <dd>
          <p className="detail-text">{log.message}</p>
        </dd>
      </div>
      <div className="detail-row">
        <dt>{t('logs.data')}</dt>
        <dd>{data ? <pre className="detail-data">{data}</pre> : t('logs.noData')}</dd>
      </div>
    </dl>
  );
}
