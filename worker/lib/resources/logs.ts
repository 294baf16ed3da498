import type { LogSummary } from '../../../contract/logs';
import type { PlayerRef } from '../../../contract/players';
import type { LogRow, PlayerRow } from '../../db/schema';
import { links } from '../hal';

/** A log row as an admin sees it: `self` (GET /api/logs/{id}) and `delete`. */
export function toLogSummary(
  log: LogRow,
  player: PlayerRef | null,
  viewer: Pick<PlayerRow, 'admin'> | null = null,
): LogSummary {
  const self = `/api/logs/${log.id}`;
  return {
    id: log.id,
    player: player?.id ? player : null,
    level: log.level,
    message: log.message,
    data: log.data,
    createdAt: new Date(log.createdAt).toISOString(),
    _links: links({ self, delete: viewer?.admin === true && self }),
  };
}
