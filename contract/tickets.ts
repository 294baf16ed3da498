import * as v from 'valibot';
import { Email } from './account';
import type { Links } from './links';
import type { PlayerRef } from './players';

// A support ticket or bug report (SPEC.md section 3) and its request bodies. Each check carries its error
// key as its message (worker/lib/validate.ts), so the about page's form and the route agree.

export const TICKET_STATUSES = ['OPEN', 'IN_PROGRESS', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_SORTS = ['updatedAt', 'createdAt', 'status'] as const;

export const TICKET_TITLE_MAX = 120;
export const TICKET_DESCRIPTION_MAX = 4000;
export const TICKET_EMAILS_MAX = 10;

/**
 * A ticket. Links: `self` (GET; PATCH and DELETE on it for admins), `update` (PATCH `{status}`) and `delete`
 * for admins only, `player` (the player's resource) when the ticket still has one.
 */
export interface TicketResource {
  id: number;
  player: PlayerRef | null;
  title: string;
  description: string;
  emailAddresses: string[];
  status: TicketStatus;
  createdAt: string;
  updatedAt: string;
  _links: Links<'self' | 'update' | 'delete' | 'player'>;
}

const required = (missing: string, tooLong: string, max: number) =>
  v.pipe(
    v.optional(v.nullable(v.string(missing)), ''),
    v.transform((value) => (value ?? '').trim()),
    v.minLength(1, missing),
    v.maxLength(max, tooLong),
  );

/**
 * The addresses to answer to: a list, or the form's comma-separated text. Blank entries are dropped and
 * each of the others must be an e-mail address (`email-invalid` names the first one that is not).
 */
export const TicketEmailAddresses = v.pipe(
  v.optional(v.nullable(v.union([v.string(), v.array(v.string())], 'email-invalid')), []),
  v.transform((value) =>
    (typeof value === 'string' ? value.split(',') : (value ?? [])).map((s) => s.trim()).filter(Boolean),
  ),
  v.maxLength(TICKET_EMAILS_MAX, 'ticket-emails-too-many'),
  v.array(Email),
);

/** `POST /api/tickets/`: a ticket, or a bug report (its subject is the title). */
export const CreateTicketBody = v.object({
  playerId: v.number('input-invalid'),
  title: required('ticket-title-missing', 'ticket-title-too-long', TICKET_TITLE_MAX),
  description: required('ticket-description-missing', 'ticket-description-too-long', TICKET_DESCRIPTION_MAX),
  emailAddresses: TicketEmailAddresses,
});

/** `PATCH /api/tickets/{id}` (admins). */
export const UpdateTicketBody = v.object({
  status: v.pipe(
    v.optional(v.string('ticket-status-invalid'), ''),
    v.picklist(TICKET_STATUSES, 'ticket-status-invalid'),
  ),
});
