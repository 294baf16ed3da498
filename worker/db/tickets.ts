import { eq } from 'drizzle-orm';
import type { PageRequest } from '../../contract/page';
import type { TICKET_SORTS, TicketStatus } from '../../contract/tickets';
import type { Database } from './client';
import { orderOf, pageOf, playerRef } from './pages';
import { players, tickets } from './schema';

type TicketPage = PageRequest<(typeof TICKET_SORTS)[number]>;

const withPlayer = (db: Database) =>
  db
    .select({ ticket: tickets, player: playerRef })
    .from(tickets)
    .leftJoin(players, eq(players.id, tickets.playerId));

export interface NewTicket {
  playerId: number;
  title: string;
  description: string;
  emailAddresses: string[];
  createdAt: number;
}

export async function insertTicket(db: Database, row: NewTicket) {
  const [inserted] = await db
    .insert(tickets)
    .values({ ...row, status: 'OPEN', updatedAt: row.createdAt })
    .returning();
  if (!inserted) throw new Error('ticket insert returned no row');
  return inserted;
}

/** A page of tickets: the player's own, or every ticket when `playerId` is null (admins). */
export async function listTickets(db: Database, playerId: number | null, request: TicketPage) {
  const where = playerId === null ? undefined : eq(tickets.playerId, playerId);
  const query = withPlayer(db)
    .where(where)
    .orderBy(...orderOf(request, tickets[request.sort], tickets.id))
    .$dynamic();
  return pageOf(db, request, query, tickets, where);
}

export async function findTicket(db: Database, id: number) {
  const [row] = await withPlayer(db).where(eq(tickets.id, id));
  return row ?? null;
}

/** Sets the status; the updated row, or null when the ticket is gone. */
export async function updateTicketStatus(db: Database, id: number, status: TicketStatus, now: number) {
  const [row] = await db
    .update(tickets)
    .set({ status, updatedAt: now })
    .where(eq(tickets.id, id))
    .returning();
  return row ?? null;
}

/** Deletes one ticket; false when there was none. */
export async function deleteTicket(db: Database, id: number): Promise<boolean> {
  const deleted = await db.delete(tickets).where(eq(tickets.id, id)).returning({ id: tickets.id });
  return deleted.length > 0;
}
