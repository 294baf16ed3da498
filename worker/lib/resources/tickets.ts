import type { PlayerRef } from '../../../contract/players';
import type { TicketResource } from '../../../contract/tickets';
import type { PlayerRow, TicketRow } from '../../db/schema';
import { links } from '../hal';

/** A ticket as its player or an admin sees it: only admins get the `update` and `delete` links. */
export function toTicketResource(
  ticket: TicketRow,
  player: PlayerRef | null,
  viewer: Pick<PlayerRow, 'admin'>,
): TicketResource {
  const self = `/api/tickets/${ticket.id}`;
  return {
    id: ticket.id,
    player,
    title: ticket.title,
    description: ticket.description,
    emailAddresses: ticket.emailAddresses ?? [],
    status: ticket.status,
    createdAt: new Date(ticket.createdAt).toISOString(),
    updatedAt: new Date(ticket.updatedAt).toISOString(),
    _links: links({
      self,
      update: viewer.admin && self,
      delete: viewer.admin && self,
      player: player && `/api/players/${player.id}`,
    }),
  };
}
