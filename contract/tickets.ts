import type { Links } from './links';
import type { PlayerRef } from './players';

export type TicketStatus = 'NEW' | 'IN_PROGRESS' | 'CLOSED' | 'REJECTED';

/** A support ticket or bug report (SPEC.md section 3). */
export interface TicketResource {
  id: number;
  player: PlayerRef | null;
  title: string;
  description: string;
  emailAddresses: string[];
  status: TicketStatus;
  createdAt: string;
  updatedAt: string;
  _links: Links<'self'>;
}
