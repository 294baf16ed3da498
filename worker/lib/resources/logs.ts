import type { LogSummary } from '../../../contract/logs';
import type { PlayerRef } from '../../../contract/players';
import type { LogRow } from '../../db/schema';
import { links } from '../hal';

// /api/logs/{id} doesn't exist yet, so a log row carries no `self` until it does.
export function toLogSummary(log: LogRow, player: PlayerRef | null): LogSummary {
  return {
    id: log.id,
    player,
    level: log.level,
    message: log.message,
    data: log.data,
    createdAt: new Date(log.createdAt).toISOString(),
    _links: links({}),
  };
}
