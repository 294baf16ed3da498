import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from '../i18n';
import { api } from './client';
import { usePagedList } from './pages';
import type { TICKET_SORTS, TicketResource, TicketStatus } from '../../contract/tickets';

// Support tickets (SPEC sections 3 and 7): a player files one and sees their own, admins see all, change
// the status (which notifies the ticket's player) and delete.

export const TICKETS_HREF = '/api/tickets/';

export const ticketKeys = {
  list: () => ['tickets', 'list'] as const,
  one: (id: number) => ['tickets', 'one', id] as const,
};

export type TicketSort = (typeof TICKET_SORTS)[number];

export interface NewTicket {
  playerId: number;
  title: string;
  description: string;
  emailAddresses: string[];
}

/** The list the server gives this viewer: all tickets to admins, their own to players, newest first. */
export function useTickets() {
  return usePagedList<TicketResource, TicketSort>({
    key: ticketKeys.list(),
    path: TICKETS_HREF,
    name: 'tickets',
    sort: 'updatedAt',
  });
}

export function useTicket(id: number) {
  return useQuery({
    queryKey: ticketKeys.one(id),
    enabled: Number.isInteger(id) && id > 0,
    queryFn: ({ signal }) => api<TicketResource>(`/tickets/${id}`, { signal }),
  });
}

export function useSubmitTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ticket: NewTicket) => api<TicketResource>(TICKETS_HREF, { method: 'POST', body: ticket }),
    onSuccess: () => client.invalidateQueries({ queryKey: ticketKeys.list() }),
  });
}

/** The ticket's `update` or `delete` link (admins only); a missing one is SPEC section 8's error, not a call. */
function linkOf(ticket: TicketResource, name: 'update' | 'delete'): string {
  const href = ticket._links[name]?.href;
  if (!href)
    throw new Error(i18n.t(name === 'update' ? 'tickets.errors.noUpdateLink' : 'tickets.errors.noLink'));
  return href;
}

export function useTicketStatus(ticket: TicketResource | undefined, onError: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: TicketStatus) => {
      if (!ticket) throw new Error(i18n.t('tickets.errors.noLink'));
      return api<TicketResource>(linkOf(ticket, 'update'), { method: 'PATCH', body: { status } });
    },
    onSuccess: (updated) => {
      client.setQueryData(ticketKeys.one(updated.id), updated);
      return client.invalidateQueries({ queryKey: ticketKeys.list() });
    },
    onError,
  });
}

export function useDeleteTicket(onError: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ticket: TicketResource) => api<void>(linkOf(ticket, 'delete'), { method: 'DELETE' }),
    onSuccess: (_nothing, ticket) => {
      client.removeQueries({ queryKey: ticketKeys.one(ticket.id) });
      return client.invalidateQueries({ queryKey: ticketKeys.list() });
    },
    onError,
  });
}
