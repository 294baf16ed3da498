import type { Links } from './links';

/** What a notification is about; the client words it in the reader's language from `kind` and `params`. */
export const NOTIFICATION_KINDS = [
  'clash-invitation',
  'clash-accepted',
  'clash-declined',
  'clash-started',
  'clash-turn',
  'clash-turn-warning',
  'clash-forfeited',
  'quick-match-found',
  'clash-completed',
  'clash-abandoned',
  'clash-cancelled',
  'clash-deleted',
  'clash-removed',
  'ticket-status',
  'rating-changed',
  'daily-waiting',
  'challenge-accepted',
  'rematch-proposed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Names a notification's words are filled with: `player` (who did it), `clash` (its name); for
 * `ticket-status`, `ticket` (its title) and `status` (a TicketStatus, worded through `notifications.ticketStatuses`);
 * for `clash-turn-warning`, `seconds` (left on the clock) or, on a day clock, `context: 'hours'` and `hours`; for `rating-changed`, `before` and `after` (the
 * displayed ratings around the clash `clash`); for `daily-waiting`, `day` (the UTC day, YYYY-MM-DD).
 */
export type NotificationParams = Partial<
  Record<
    | 'player'
    | 'clash'
    | 'ticket'
    | 'status'
    | 'seconds'
    | 'rating'
    | 'before'
    | 'after'
    | 'day'
    /** A wording variant (i18next's context): `hours` for a day clock's `clash-turn-warning`, with `hours`. */
    | 'context'
    | 'hours',
    string
  >
>;

/**
 * A notification (SPEC.md section 3). `content` is the English sentence, for API readers; the app shows
 * `kind` with `params` in the reader's language. Deleting it (its self link) marks it read; marking all
 * read is DELETE on the player's notifications link.
 */
export interface NotificationResource {
  id: number;
  kind: NotificationKind | null;
  params: NotificationParams;
  content: string;
  /** Where the notification leads in the app (a clash, a game), if anywhere. */
  link: string | null;
  createdAt: string;
  _links: Links<'self'>;
}

export const NOTIFICATION_SORTS = ['createdAt'] as const;
