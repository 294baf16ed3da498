import type { NotificationKind, NotificationParams } from '../contract/notifications';
import { winnerOf } from '../game';
import { database } from '../worker/db/client';
import { ratingChangesOf } from '../worker/db/ratings';
import { notify } from '../worker/lib/notify';
import type { ClashRecord } from './clashRecord';

// Who hears what of a clash, decided here once: the room says what happened (a `ClashEvent`) and this
// module picks the players, the words and the link, keeps the "only once" marks, and starts the
// notifications. A notification never holds up the room's answer: a failure is logged (notify.ts inserts
// the row before it pushes, so a row written stays for the next page load).

/** What happened in the clash that someone is told of. */
export type ClashEvent =
  /** Players put in the clash by its owner (at creation or later). */
  | { type: 'invited'; players: { id: number }[] }
  /** Invitations the owner took back. */
  | { type: 'removed'; players: { id: number }[] }
  | { type: 'accepted' | 'declined'; player?: string }
  /** A pending clash that ended without starting (a decline left the owner alone, or nobody answered). */
  | { type: 'cancelled' }
  | { type: 'started' }
  /** The player on turn was away: see ClashRoom `#tellTurn` for when. */
  | { type: 'your-turn'; player: { id: number } }
  | { type: 'turn-warning'; player: { id: number }; seconds: number }
  | { type: 'forfeited'; player: { id: number } }
  /** The clash ended and D1 has its completion (and the ratings it wrote). */
  | { type: 'ended' }
  /** Deleted, by its owner (`by` them; the others are told) or by an admin (everyone is told). */
  | { type: 'deleted'; by: string; players: { id: number }[] };

export interface ClashNoticesInput {
  env: Cloudflare.Env;
  /** The room's storage, for the marks of notices sent only once per clash. */
  kv: SyncKvStorage;
  log: (what: string, error: unknown) => void;
  /** The clash as it is after the event. */
  record: ClashRecord;
  event: ClashEvent;
}

/** Notices sent to a player at most once by a clash: adding and removing over and over tells them once. */
type OnceKind = Extract<NotificationKind, 'clash-invitation' | 'clash-removed'>;
const toldOnceKey = (kind: OnceKind, playerId: number) => `told-${kind}-${playerId}`;

interface Notice {
  to: { id: number }[];
  kind: NotificationKind;
  player?: string;
  /** Absent: the clash's page. */
  link?: string | null;
  params?: NotificationParams;
}

/** Tells those the event concerns; see the module's comment. */
export function tellClash(input: ClashNoticesInput) {
  const { record, event } = input;
  const { clash } = record;
  const owner = clash.owner;
  switch (event.type) {
    case 'invited':
      return send(input, {
        to: once(input, event.players, 'clash-invitation'),
        kind: 'clash-invitation',
        player: owner.name,
      });
    case 'removed':
      return send(input, {
        to: once(input, event.players, 'clash-removed'),
        kind: 'clash-removed',
        player: owner.name,
      });
    case 'accepted':
      return send(input, { to: [owner], kind: 'clash-accepted', player: event.player });
    case 'declined':
      return send(input, { to: [owner], kind: 'clash-declined', player: event.player });
    case 'cancelled':
      return send(input, { to: clash.players, kind: 'clash-cancelled' });
    case 'started':
      return send(input, { to: clash.players, kind: 'clash-started' });
    case 'your-turn':
      return send(input, { to: [event.player], kind: 'clash-turn' });
    case 'turn-warning':
      return send(input, {
        to: [event.player],
        kind: 'clash-turn-warning',
        params: { seconds: String(event.seconds) },
      });
    case 'forfeited':
      return send(input, { to: [event.player], kind: 'clash-forfeited' });
    case 'deleted':
      return send(input, { to: event.players, kind: 'clash-deleted', player: event.by, link: null });
    case 'ended':
      // An abandoned clash has no winner and moved no rating.
      if (clash.status === 'ABANDONED') return send(input, { to: clash.players, kind: 'clash-abandoned' });
      send(input, { to: clash.players, kind: 'clash-completed', player: winnerOf(clash)?.name });
      return tellRatings(input);
  }
}

/** Those of `to` not told of `kind` by this clash before, marked as told now. */
function once({ kv }: ClashNoticesInput, to: { id: number }[], kind: OnceKind) {
  const untold = to.filter((p) => !kv.get<boolean>(toldOnceKey(kind, p.id)));
  for (const p of untold) kv.put(toldOnceKey(kind, p.id), true);
  return untold;
}

/**
 * Once the completion is written (and with it the ratings, in the same batch: clashIndex.ts), each rated
 * player hears how their rating moved. An unrated clash (the bot's) has no changes, so nobody is told.
 */
function tellRatings(input: ClashNoticesInput) {
  ratingChangesOf(database(input.env.DB), input.record.clash.id)
    .then((changes) => {
      for (const change of changes)
        send(input, {
          to: [{ id: change.playerId }],
          kind: 'rating-changed',
          link: `/players/${change.playerId}`,
          params: { before: String(change.before), after: String(change.after) },
        });
    })
    .catch((error) => input.log('rating-changes', error));
}

/** Starts the notifications of `notice`; the bot is never told. */
function send({ env, log, record }: ClashNoticesInput, notice: Notice) {
  const db = database(env.DB);
  const { clash } = record;
  const params = { clash: clash.name, ...(notice.player ? { player: notice.player } : {}), ...notice.params };
  const link = notice.link === undefined ? `/clashes/${clash.id}` : notice.link;
  const bots = new Set(clash.players.filter((p) => p.bot).map((p) => p.id));
  for (const { id } of notice.to.filter((p) => !bots.has(p.id)))
    notify(env, db, { playerId: id, kind: notice.kind, params, link }).catch((error) =>
      log(`notify-${notice.kind}`, error),
    );
}
