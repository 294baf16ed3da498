import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../api/client';
import { useDeleteTicket, useTicket, useTicketStatus } from '../api/tickets';
import { formatDateTime } from '../components/admin/format';
import { ListState } from '../components/admin/ListState';
import '../components/admin/admin.css';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { TicketStatusBadge } from '../components/tickets/TicketStatusBadge';
import { useTitle } from '../components/useTitle';
import { TICKET_STATUSES, type TicketResource, type TicketStatus } from '../../contract/tickets';

/** An admin's controls on a ticket: set its status (the player is notified), or delete it after asking. */
function TicketAdmin({ ticket }: { ticket: TicketResource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<TicketStatus>(ticket.status);
  const [confirming, setConfirming] = useState(false);
  const failed = (error: unknown) => toast.error(errorMessage(error));
  const change = useTicketStatus(ticket, failed);
  const remove = useDeleteTicket(failed);

  return (
    <div className="detail-actions">
      {ticket._links.update ? (
        <>
          <div className="field">
            <label htmlFor="ticket-status">{t('tickets.changeStatus')}</label>
            <select
              id="ticket-status"
              value={status}
              onChange={(event) => setStatus(event.target.value as TicketStatus)}
            >
              {TICKET_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {t(`tickets.status.${value}`)}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button button-primary"
            disabled={status === ticket.status || change.isPending}
            onClick={() =>
              change.mutate(status, {
                onSuccess: () =>
                  toast.success(t('tickets.statusChanged', { status: t(`tickets.status.${status}`) })),
              })
            }
          >
            {t('tickets.saveStatus')}
          </button>
        </>
      ) : null}
      {ticket._links.delete ? (
        <button
          type="button"
          className="button button-danger"
          disabled={remove.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('tickets.delete')}
        </button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('tickets.deleteTitle')}
        message={t('tickets.deleteQuestion', { title: ticket.title })}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(ticket, {
            onSuccess: () => {
              toast.success(t('tickets.deleted'));
              navigate('/tickets');
            },
          });
        }}
      />
    </div>
  );
}

/** `/tickets/:id`: one ticket, with the admin's controls for admins. */
export default function Ticket() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const query = useTicket(id);
  const ticket = query.data;
  useTitle(ticket ? ticket.title : t('screens.ticket', { id }));
  const date = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <section className="page" aria-labelledby="ticket-title">
      <Link className="back-link" to="/tickets">
        {t('tickets.back')}
      </Link>
      <ListState
        pending={query.isPending}
        error={Number.isInteger(id) && id > 0 ? query.error : new Error(t('tickets.notFound'))}
        empty={false}
        emptyText=""
        onRetry={() => void query.refetch()}
      >
        {ticket ? (
          <article className="card">
            <h1 id="ticket-title">{ticket.title}</h1>
            <dl className="detail-list">
              <div className="detail-row">
                <dt>{t('tickets.statusLabel')}</dt>
                <dd>
                  <TicketStatusBadge status={ticket.status} />
                </dd>
              </div>
              <div className="detail-row">
                <dt>{t('tickets.player')}</dt>
                <dd>
                  {ticket.player ? (
                    <Link to={`/players/${ticket.player.id}`}>{ticket.player.name}</Link>
                  ) : (
                    t('tickets.noPlayer')
                  )}
                </dd>
              </div>
              <div className="detail-row">
                <dt>{t('tickets.createdAt')}</dt>
                <dd>{date(ticket.createdAt)}</dd>
              </div>
              <div className="detail-row">
                <dt>{t('tickets.updatedAt')}</dt>
                <dd>{date(ticket.updatedAt)}</dd>
              </div>
              {ticket.emailAddresses.length > 0 ? (
                <div className="detail-row">
                  <dt>{t('tickets.emailAddresses')}</dt>
                  <dd>{ticket.emailAddresses.join(', ')}</dd>
                </div>
              ) : null}
              <div className="detail-row">
                <dt>{t('tickets.description')}</dt>
                <dd>
                  <p className="detail-text">{ticket.description}</p>
                </dd>
              </div>
            </dl>
            {/* The server gives admins the links; the controls follow them. */}
            {ticket._links.update || ticket._links.delete ? (
              <TicketAdmin key={ticket.status} ticket={ticket} />
            ) : null}
          </article>
        ) : null}
      </ListState>
    </section>
  );
}
