import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../api/session';
import { useTickets } from '../api/tickets';
import { formatDateTime } from '../components/admin/format';
import { ListState } from '../components/admin/ListState';
import { Pager } from '../components/admin/Pager';
import '../components/admin/admin.css';
import { TicketStatusBadge } from '../components/tickets/TicketStatusBadge';
import { useTitle } from '../components/useTitle';

/** `/tickets`: the player's own tickets, or every ticket for an admin (the server decides which). */
export default function Tickets() {
  const { t, i18n } = useTranslation();
  useTitle(t('screens.tickets'));
  const { player } = useSession();
  const [page, setPage] = useState(0);
  const query = useTickets(page);
  const tickets = query.data?.items ?? [];

  return (
    <section className="page" aria-labelledby="tickets-title">
      <div className="list-head">
        <h1 id="tickets-title">{t(player?.admin ? 'tickets.allTitle' : 'tickets.ownTitle')}</h1>
        <Link className="button" to="/about#contact">
          {t('tickets.new')}
        </Link>
      </div>
      <ListState
        pending={query.isPending}
        error={query.error}
        empty={tickets.length === 0}
        emptyText={t('tickets.empty')}
        onRetry={() => void query.refetch()}
      >
        <div className="card list-card">
          <div className="table-scroll">
            <table className="table">
              <caption className="visually-hidden">{t('tickets.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('tickets.title')}</th>
                  <th scope="col">{t('tickets.player')}</th>
                  <th scope="col">{t('tickets.statusLabel')}</th>
                  <th scope="col">{t('tickets.updatedAt')}</th>
                </tr>
              </thead>
              <tbody>
                {tickets.map((ticket) => (
                  <tr key={ticket.id}>
                    <td>
                      <Link to={`/tickets/${ticket.id}`}>{ticket.title}</Link>
                    </td>
                    <td>{ticket.player?.name ?? t('tickets.noPlayer')}</td>
                    <td>
                      <TicketStatusBadge status={ticket.status} />
                    </td>
                    <td className="list-nowrap">{formatDateTime(ticket.updatedAt, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
        {query.data ? <Pager page={query.data.page} onPage={setPage} label={t('tickets.pages')} /> : null}
      </ListState>
    </section>
  );
}
