import { Hono } from 'hono';
import { pageQuery } from '../../contract/page';
import { CreateTicketBody, TICKET_SORTS, UpdateTicketBody } from '../../contract/tickets';
import { requireAdmin } from '../auth/admin';
import { type AppContext, requirePlayer, type SessionVariables } from '../auth/session';
import { deleteTicket, findTicket, insertTicket, listTickets, updateTicketStatus } from '../db/tickets';
import type { Env } from '../env';
import { forbidden, notFound } from '../lib/errors';
import { page } from '../lib/hal';
import { log } from '../lib/log';
import { notify } from '../lib/notify';
import { toTicketResource } from '../lib/resources/tickets';
import { pathId, readJson, readQuery } from '../lib/validate';

type Tickets = { Bindings: Env; Variables: SessionVariables };

const ListQuery = pageQuery(TICKET_SORTS, 'updatedAt');

/** The path's ticket id; a path that can name no ticket is ticket-not-found like a missing one. */
function ticketId(c: AppContext): number {
  try {
    return pathId(c);
  } catch {
    throw notFound('ticket-not-found');
  }
}

// Support tickets and bug reports: any signed-in player (guests too) files one and sees their own; admins
// see every ticket, change its status (the player is notified) and delete it.
export const ticketsRoutes = new Hono<Tickets>()
  .post('/', async (c) => {
    const me = await requirePlayer(c);
    const body = await readJson(c, CreateTicketBody);
    if (body.playerId !== me.id) throw forbidden('ticket-player-mismatch');
    const row = await insertTicket(c.var.db, {
      playerId: me.id,
      title: body.title,
      description: body.description,
      emailAddresses: body.emailAddresses,
      createdAt: Date.now(),
    });
    return c.json(toTicketResource(row, { id: me.id, name: me.name }, me), 201);
  })
  .get('/', async (c) => {
    const me = await requirePlayer(c);
    const query = readQuery(c, ListQuery);
    const { rows, total } = await listTickets(c.var.db, me.admin ? null : me.id, query);
    const items = rows.map((row) => toTicketResource(row.ticket, row.player, me));
    return c.json(page('tickets', items, query, total));
  })
  // Its player's and the admins'; anyone else is told it is not there, as for a ticket that does not exist.
  .get('/:id', async (c) => {
    const me = await requirePlayer(c);
    const row = await findTicket(c.var.db, ticketId(c));
    if (!row || (!me.admin && row.ticket.playerId !== me.id)) throw notFound('ticket-not-found');
    return c.json(toTicketResource(row.ticket, row.player, me));
  })
  .patch('/:id', async (c) => {
    const me = await requireAdmin(c);
    const id = ticketId(c);
    const { status } = await readJson(c, UpdateTicketBody);
    const db = c.var.db;
    const before = await findTicket(db, id);
    if (!before) throw notFound('ticket-not-found');
    const row = await updateTicketStatus(db, id, status, Date.now());
    if (!row) throw notFound('ticket-not-found');
    log(c, {
      level: 'INFO',
      message: 'admin-update-ticket',
      data: { ticketId: id, from: before.ticket.status, to: status },
      playerId: me.id,
    });
    if (row.playerId !== null && before.ticket.status !== status)
      await notify(c.env, db, {
        playerId: row.playerId,
        kind: 'ticket-status',
        params: { ticket: row.title, status },
        link: `/tickets/${row.id}`,
      });
    return c.json(toTicketResource(row, before.player, me));
  })
  .delete('/:id', async (c) => {
    const me = await requireAdmin(c);
    const id = ticketId(c);
    if (!(await deleteTicket(c.var.db, id))) throw notFound('ticket-not-found');
    log(c, { level: 'INFO', message: 'admin-delete-ticket', data: { ticketId: id }, playerId: me.id });
    return c.body(null, 204);
  });
