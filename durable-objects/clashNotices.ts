import type { NotificationKind, NotificationParams } from '../contract/notifications';
import { winnerOf } from '../game';
import { database } from '../worker/db/client';
import { ratingChangesOf } from '../worker/db/ratings';
import { notify, pushTo, withdraw } from '../worker/lib/notify';
import { toClashResource } from '../worker/lib/resources/clashes';
import { quickMatchQueue } from '../worker/rooms';
import type { ClashEvent } from './clashChange';
import { warningParams } from './turnWarning';
import type { ClashRecord } from './clashRecord';

// Who hears what of a clash, decided here once: the room says what happened (a `ClashEvent`) and this
// module picks the players, the words and the link, keeps the "only once" marks, and starts the
// notifications. A notification never holds up the room's answer: a failure is logged (notify.ts inserts
// the row before it pushes, so a row written stays for the next page load).

export interface ClashNoticesInput {
  env: Cloudflare.Env;
  /** The room's storage, for the marks of notices sent only once per clash. */
  kv: SyncKvStorage;
  log: (what: string, error: unknown) => void;
  /** The clash as it is after the events. */
  record: ClashRecord;
  events: readonly ClashEvent[];
  /** Whether the player has a socket open on this clash (they see it already). */
  present: (playerId: number) => boolean;
}

/** Set when the player was told it is their turn; cleared when they next open the clash. */
const toldTurnKey = (playerId: number) => `told-turn-${playerId}`;

/** Set when the player on turn was warned their clock runs out; the warning goes when that turn is over. */
const warnedKey = (playerId: number) => `warned-${playerId}`;

/** Set with a clash's completion until everyone is told of it, which waits for D1 to have it. */
const COMPLETION_UNTOLD_KEY = 'completion-untold';

/** The clash just ended: its `ended` notice is owed, and sent once (when D1 has the completion). */
export const owesEnded = (kv: SyncKvStorage) => kv.put(COMPLETION_UNTOLD_KEY, true);

/** The player opened the clash: the next turn they miss, they are told of again. */
export const cameBack = (kv: SyncKvStorage, playerId: number) => kv.delete(toldTurnKey(playerId));

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

/** Tells those each event concerns, in order; see the module's comment. */
export function tellClash(input: ClashNoticesInput) {
  for (const event of input.events) tell(input, event);
}

function tell(input: ClashNoticesInput, event: ClashEvent) {
  const { record } = input;
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
    case 'matched':
      return announceMatch(input);
    case 'started':
      return send(input, { to: clash.players, kind: 'clash-started' });
    case 'your-turn':
      return send(input, { to: awayAndUntold(input, event.player), kind: 'clash-turn' });
    case 'turn-over':
      return withdrawWarning(input, event.player);
    case 'turn-warning':
      input.kv.put(warnedKey(event.player.id), true);
      return send(input, {
        to: [event.player],
        kind: 'clash-turn-warning',
        params: warningParams(event.seconds),
      });
    case 'forfeited':
      return send(input, { to: [event.player], kind: 'clash-forfeited' });
    case 'deleted':
      return send(input, { to: event.players, kind: 'clash-deleted', player: event.by, link: null });
    case 'ended':
      // Once: the check and the clearing run with nothing in between.
      if (!input.kv.get<boolean>(COMPLETION_UNTOLD_KEY)) return;
      input.kv.delete(COMPLETION_UNTOLD_KEY);
      // An abandoned clash has no winner and moved no rating.
      if (clash.status === 'ABANDONED') return send(input, { to: clash.players, kind: 'clash-abandoned' });
      send(input, { to: clash.players, kind: 'clash-completed', player: winnerOf(clash)?.name });
      return tellRatings(input);
  }
}

/**
 * The player on turn, unless they have a socket open on this clash or were told before and have not come
 * back since: a player away for the whole clash finds one "your turn" for it, not one for each of their turns.
 */
function awayAndUntold({ kv, present }: ClashNoticesInput, player: { id: number }) {
  if (present(player.id) || kv.get<boolean>(toldTurnKey(player.id))) return [];
  kv.put(toldTurnKey(player.id), true);
  return [player];
}

/** The "your turn runs out" warning of a turn that is over is taken back, once, if one was sent. */
function withdrawWarning({ env, kv, log, record }: ClashNoticesInput, player: { id: number }) {
  if (!kv.get<boolean>(warnedKey(player.id))) return;
  kv.delete(warnedKey(player.id));
  const link = `/clashes/${record.clash.id}`;
  withdraw(env, database(env.DB), { playerId: player.id, kind: 'clash-turn-warning', link }).catch((error) =>
    log('withdraw-warning', error),
  );
}

/** Those of `to` not told of `kind` by this clash before, marked as told now. */
function once({ kv }: ClashNoticesInput, to: { id: number }[], kind: OnceKind) {
  const untold = to.filter((p) => !kv.get<boolean>(toldOnceKey(kind, p.id)));
  for (const p of untold) kv.put(toldOnceKey(kind, p.id), true);
  return untold;
}

/**
 * Both players' tabs hear of their quick match on the presence channel and on their queue socket at once,
 * before the D1 index is brought up to date (the room is the truth). With reserved ids the clash's rows do
 * not exist yet: their write leaves for D1 in the same run as these pushes, so it lands before any request a
 * player makes on hearing the news (one database, applying writes and reads in order); a write that fails
 * is retried by the index's alarm, and the clash's routes answer 404 until it lands.
 */
function announceMatch({ env, log, record }: ClashNoticesInput) {
  for (const player of record.clash.players) {
    const clash = toClashResource(record.clash, player.id, Date.now());
    pushTo(env, player.id, { type: 'MATCHED', clash }).catch((error) => log('announce-match', error));
    quickMatchQueue(env)
      .matched(player.id, clash)
      .catch((error) => log('announce-match', error));
  }
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
    // The turn's start names the turn: a player away is mailed once per clash per turn (lib/notifyAway.ts).
    notify(env, db, {
      playerId: id,
      kind: notice.kind,
      params,
      link,
      turn: String(clash.turnStartedAt),
    }).catch((error) => log(`notify-${notice.kind}`, error));
}
