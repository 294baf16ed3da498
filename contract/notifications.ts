import type { Links } from './links';

/** A notification (SPEC.md section 3); marking all read is DELETE on the player's notifications link. */
export interface NotificationResource {
  id: number;
  content: string;
  /** Where the notification leads in the app (a clash, a game), if anywhere. */
  link: string | null;
  createdAt: string;
  _links: Links<'self'>;
}

export const NOTIFICATION_SORTS = ['createdAt'] as const;
