import { CLASH_PENDING_TTL_MS } from '../contract/clashes';
import {
  acceptsAtOnce,
  allAccept,
  type ClashRefusal,
  clashRules,
  memberOf,
  neverStarted,
  newGame,
  readyToStart as readyToStartClash,
  refuseInvite,
  refuseRemoval,
  startedClash,
  withInvited,
  withoutPlayers,
  withTurnClock,
} from '../game';
import type { ClashChange, ClashOutcome } from './clashChange';
import {
  type ClashGame,
  type ClashRecord,
  type ClashRefused,
  type NewClash,
  type NewClashPlayer,
  refuseClash,
} from './clashRecord';

// The clash before it starts, for ClashRoom: who may see, answer or manage it, and what an answer, an
// invitation, a removal, an expiry and the start change. Pure: each answers the change for the room to apply,
// or its refusal.

const refused = (refusal: ClashRefusal | null): ClashRefused | null =>
  refusal && refuseClash(refusal.status, refusal.key);

const notFound = () => refuseClash(404, 'clash-not-found');

/** A clash held whose every remaining player has accepted (game/clash.ts `readyToStart`). */
export const readyToStart = (record: ClashRecord | null): record is ClashRecord =>
  record !== null && readyToStartClash(record.clash);

/** The record a new clash starts from: the owner (and the bot, and quick-matched players) accepted. */
export function newClashRecord(init: NewClash): ClashRecord {
  const players = init.players.map((p) => ({
    id: p.id,
    name: p.name,
    avatarKey: p.avatarKey,
    status: acceptsAtOnce(p, init.owner.id, allAccept(init)) ? ('ACCEPTED' as const) : ('PENDING' as const),
    score: null,
    gameId: null,
    bot: p.bot,
    ...(p.guest ? { guest: true } : {}),
  }));
  const { id, name, owner, turnSeconds, quickMatch, rules, createdAt } = init;
  return {
    clash: {
      ...{ id, name, owner, players, turnSeconds, quickMatch, rules, createdAt },
      type: 'LIVE',
      status: 'PENDING',
      turn: 0,
      turnDeadline: null,
      turnStartedAt: null,
      updatedAt: createdAt,
    },
    access: Object.fromEntries(init.players.map((p) => [String(p.id), p.access])),
    games: {},
    version: 1,
  };
}

/** When a pending clash nobody finished answering is cancelled. */
export const expiresAt = (record: ClashRecord): number => record.clash.createdAt + CLASH_PENDING_TTL_MS;

/**
 * Why the clash may not be seen by the viewer: one that never started is its players' only, and to anyone
 * else it does not exist (404, whatever they ask of it).
 */
export function refuseView(record: ClashRecord | null, viewerId: number | null): ClashRefused | null {
  if (!record || (neverStarted(record.clash.status) && !memberOf(record.clash, viewerId))) return notFound();
  return null;
}

/** Why `playerId` may not answer the invitation now, or null when they may. */
function refuseAnswer(record: ClashRecord | null, playerId: number): ClashRefused | null {
  const hidden = refuseView(record, playerId);
  if (hidden || !record) return hidden ?? notFound();
  if (record.clash.status !== 'PENDING') return refuseClash(409, 'clash-not-pending');
  if (memberOf(record.clash, playerId)?.status !== 'PENDING') return refuseClash(409, 'not-invited');
  return null;
}

/** Why `ownerId` may not manage the clash now, or null when they may. */
export function refuseManage(record: ClashRecord | null, ownerId: number): ClashRefused | null {
  const hidden = refuseView(record, ownerId);
  if (hidden || !record) return hidden ?? notFound();
  if (record.clash.owner.id !== ownerId) return refuseClash(403, 'not-clash-owner');
  if (record.clash.status !== 'PENDING') return refuseClash(409, 'clash-not-pending');
  return null;
}

/** An invited player accepts. */
export function accepted(record: ClashRecord | null, playerId: number): ClashOutcome {
  const refusal = refuseAnswer(record, playerId);
  if (refusal || !record) return refusal ?? notFound();
  const players = record.clash.players.map((p) =>
    p.id === playerId ? { ...p, status: 'ACCEPTED' as const } : p,
  );
  const player = memberOf(record.clash, playerId)?.name;
  return { clash: { ...record.clash, players }, published: true, events: [{ type: 'accepted', player }] };
}

/** The record without `playerIds` (declined or removed): out of the clash, its access and its sockets. */
function leaving(record: ClashRecord, playerIds: number[]): ClashChange {
  const clash = withoutPlayers(record.clash, playerIds);
  const access = { ...record.access };
  for (const id of playerIds) delete access[String(id)];
  const cancelled = clash.status === 'CANCELLED' ? [{ type: 'cancelled' as const }] : [];
  return { clash, access, left: playerIds, published: true, events: cancelled };
}

/** An invited player declines and leaves the clash; the owner left alone, the clash is cancelled. */
export function declined(record: ClashRecord | null, playerId: number): ClashOutcome {
  const refusal = refuseAnswer(record, playerId);
  if (refusal || !record) return refusal ?? notFound();
  const change = leaving(record, [playerId]);
  const player = memberOf(record.clash, playerId)?.name;
  return { ...change, events: [{ type: 'declined', player }, ...(change.events ?? [])] };
}

/** The owner invites more players, up to CLASH_MAX_PLAYERS in all. */
export function added(record: ClashRecord | null, ownerId: number, invited: NewClashPlayer[]): ClashOutcome {
  const refusal =
    refuseManage(record, ownerId) ??
    (record &&
      refused(
        refuseInvite(
          record.clash,
          invited.map((p) => p.id),
        ),
      ));
  if (refusal || !record) return refusal ?? notFound();
  const players = withInvited(record.clash, invited);
  const access = { ...record.access, ...Object.fromEntries(invited.map((p) => [String(p.id), p.access])) };
  return {
    clash: { ...record.clash, players },
    access,
    published: true,
    events: [{ type: 'invited', players: invited }],
  };
}

/** The owner takes back invitations not yet accepted, while at least CLASH_MIN_PLAYERS stay. */
export function removed(record: ClashRecord | null, ownerId: number, playerIds: number[]): ClashOutcome {
  const refusal =
    refuseManage(record, ownerId) ?? (record && refused(refuseRemoval(record.clash, playerIds)));
  if (refusal || !record) return refusal ?? notFound();
  const players = record.clash.players.filter((p) => playerIds.includes(p.id));
  const change = leaving(record, playerIds);
  return { ...change, events: [{ type: 'removed', players }, ...(change.events ?? [])] };
}

/** The pending clash nobody finished answering in time is cancelled; everyone is told. */
export function expired(record: ClashRecord | null): ClashChange | null {
  if (!record || record.clash.status !== 'PENDING') return null;
  return {
    clash: { ...record.clash, status: 'CANCELLED' },
    published: true,
    events: [{ type: 'cancelled' }],
  };
}

/**
 * The started clash: the owner on turn with a full clock, each player with a new CLASH game of the clash's
 * rule set in the D1 row `rows` gives them. Quick-matched players hear of their match from the queue instead of a notice.
 */
export function started(
  record: ClashRecord,
  rows: { id: number; playerId: number; createdAt: number }[],
  now: number,
): ClashChange {
  const games: Record<string, ClashGame> = {};
  for (const p of record.clash.players) {
    const row = rows.find((r) => r.playerId === p.id);
    if (!row) throw new Error(`no game row for player ${p.id}`);
    const meta = {
      id: row.id,
      player: { id: p.id, name: p.name },
      archived: false,
      createdAt: row.createdAt,
    };
    games[row.id] = {
      state: newGame('CLASH', clashRules(record.clash)),
      meta: { ...meta, updatedAt: row.createdAt },
    };
  }
  const clash = startedClash(record.clash, new Map(rows.map((r) => [r.playerId, r.id])));
  const events = record.clash.quickMatch ? [] : [{ type: 'started' as const }];
  return { clash: withTurnClock(clash, now), games, published: true, turnBegan: true, events };
}
