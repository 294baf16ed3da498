import type { LogLevel } from '../../../contract/logs';

const TONE: Record<LogLevel, string> = {
  DEBUG: 'badge-debug',
  INFO: 'badge-info',
  WARN: 'badge-warn',
  ERROR: 'badge-error',
};

/** The level as the server writes it (DEBUG, INFO, WARN, ERROR): the same word in both languages. */
export function LogLevelBadge({ level }: { level: LogLevel }) {
  return <span className={`badge ${TONE[level] ?? ''}`}>{level}</span>;
}
