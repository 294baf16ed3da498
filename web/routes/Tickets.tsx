import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../api/session';
import { type TicketSort, useTickets } from '../api/tickets';
import { DateTime } from '../components/admin/DateTime';
import '../components/admin/admin.css';
import { type Column, DataTable } from '../components/table/DataTable';
import { TicketStatusBadge } from '../components/tickets/TicketStatusBadge';
import { useTitle } from '../components/useTitle';
import type { TicketResource } from '../../contract/tickets';

/** `/tickets`: the player's own tickets, or every ticket for an admin (the server decides which). */
export default function Tickets() {
  const { t } = useTranslation();
  useTitle(t('screens.tickets'));
  const { player } = useSession();
  const list = useTickets();
  const title = t(player?.admin ? 'tickets.allTitle' : 'tickets.ownTitle');

  const columns: Column<TicketResource, TicketSort>[] = [
    {
      id: 'title',
      label: t('tickets.title'),
      rowHeader: true,
      render: (ticket) => <Link to={`/tickets/${ticket.id}`}>{ticket.title}</Link>,
    },
    {
      id: 'player',
      label: t('tickets.player'),
      optional: true,
      render: (ticket) => ticket.player?.name ?? t('tickets.noPlayer'),
    },
    {
      id: 'status',
      label: t('tickets.statusLabel'),
      sort: 'status',
      firstOrder: 'ASC',
      render: (ticket) => <TicketStatusBadge status={ticket.status} />,
    },
    {
      id: 'updatedAt',
      label: t('tickets.updatedAt'),
      sort: 'updatedAt',
      render: (ticket) => <DateTime iso={ticket.updatedAt} />,
    },
  ];

  return (
    <section className="page" aria-labelledby="tickets-title">
      <div className="list-head">
        <h1 id="tickets-title">{title}</h1>
        <Link className="button" to="/about#contact">
          {t('tickets.new')}
        </Link>
      </div>
      <DataTable
        id="tickets"
        list={list}
        columns={columns}
        caption={title}
        rowKey={(ticket) => ticket.id}
        empty={t('tickets.empty')}
      />
    </section>
  );
}
