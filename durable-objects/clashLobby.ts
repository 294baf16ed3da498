import type { WSMessage } from 'partyserver';
import * as v from 'valibot';
import { ClashClientMessage } from '../contract/clashes';
import {
  acceptsAtOnce,
  CLASH_MIN_PLAYERS,
  CLASH_MISSED_TURNS_FORFEIT,
  type ClashMember,
  type ClashRefusal,
  type ClashView,
  ended,
  filledCount,
  gameOnTurn,
  neverStarted,
  newGame,
  nextTurn,
  playerOnTurn,
  readyToStart as readyToStartClash,
  refuseInvite,
  refuseRemoval,
  stalledAt,
  timedOut,
  totalSum,
  withTurnClock,
} from '../game';
import { issuedFrom, VIEWER_HEADER, VIEWER_ISSUED_HEADER, viewerFrom } from '../worker/lib/viewer';
import {
  type ClashGame,
  type ClashRecord,
  type ClashResult,
  type ClashSocket,
  type NewClashPlayer,
  refuseClash,
} from './clashRecord';

// What ClashRoom.ts decides about a clash without touching storage: who may answer or manage it, when
// it starts, whose turn follows a fill, which socket a request opens, what a client's message says.

export const memberOf = (record: ClashRecord, playerId: number | null): ClashMember | undefined =>
  record.clash.players.find((p) => p.id === playerId);

/** A clash held whose every remaining player has accepted (game/clash.ts `readyToStart`). */
export const readyToStart = (record: ClashRecord | null): record is ClashRecord =>
  record !== null && readyToStartClash(record.clash);

/** Whether `gameId`'s player is the one on turn in the running clash. */
export const onTurn = (record: ClashRecord, gameId: number): boolean => gameOnTurn(record.clash, gameId);

/** The practice bot, when it is the player on turn in the running clash. */
export const botOnTurn = (record: ClashRecord): ClashMember | null => {
  const player = playerOnTurn(record.clash);
  return player?.bot ? player : null;
};

const refused = (refusal: ClashRefusal | null): ClashResult | null =>
  refusal && refuseClash(refusal.status, refusal.key);

/**
 * Why the clash may not be seen by the viewer: one that never started is its players' only, and to
 * anyone else it does not exist (404, whatever they ask of it: issue 23).
 */
export function refuseView(record: ClashRecord | null, viewerId: number | null): ClashResult | null {
  if (!record || (neverStarted(record.clash.status) && !memberOf(record, viewerId)))
    return refuseClash(404, 'clash-not-found');
  return null;
}

/** Why `playerId` may not answer the invitation now, or null when they may. */
export function refuseAnswer(record: ClashRecord | null, playerId: number): ClashResult | null {
  const hidden = refuseView(record, playerId);
  if (hidden || !record) return hidden ?? refuseClash(404, 'clash-not-found');
  if (record.clash.status !== 'PENDING') return refuseClash(409, 'clash-not-pending');
  if (memberOf(record, playerId)?.status !== 'PENDING') return refuseClash(409, 'not-invited');
  return null;
}

/** Why `ownerId` may not manage the clash now, or null when they may. */
export function refuseManage(record: ClashRecord | null, ownerId: number): ClashResult | null {
  const hidden = refuseView(record, ownerId);
  if (hidden || !record) return hidden ?? refuseClash(404, 'clash-not-found');
  if (record.clash.owner.id !== ownerId) return refuseClash(403, 'not-clash-owner');
  if (record.clash.status !== 'PENDING') return refuseClash(409, 'clash-not-pending');
  return null;
}

/** Why these players may not be invited: already in, or too many in all. */
export const refuseAdd = (record: ClashRecord, invited: NewClashPlayer[]): ClashResult | null =>
  refused(
    refuseInvite(
      record.clash,
      invited.map((p) => p.id),
    ),
  );

/** Why these players may not be removed: not in, the owner, accepted already, or too few would stay. */
export const refuseRemove = (record: ClashRecord, playerIds: number[]): ClashResult | null =>
  refused(refuseRemoval(record.clash, playerIds));

/** The clash's players with the newly invited at the end of the turn order. */
export const withInvited = (clash: ClashView, invited: NewClashPlayer[]): ClashMember[] => [
  ...clash.players,
  ...invited.map(({ id, name, avatarKey, bot }) => ({
    id,
    name,
    avatarKey,
    status: acceptsAtOnce({ id, bot }, clash.owner.id) ? ('ACCEPTED' as const) : ('PENDING' as const),
    score: null,
    gameId: null,
    bot,
  })),
];

/** The record's clash, players and access without `playerIds`; the owner left alone, it is cancelled. */
export function withoutPlayers(
  record: ClashRecord,
  playerIds: number[],
): Pick<ClashRecord, 'clash' | 'access'> {
  const players = record.clash.players.filter((p) => !playerIds.includes(p.id));
  const access = { ...record.access };
  for (const id of playerIds) delete access[String(id)];
  const status = players.length < CLASH_MIN_PLAYERS ? 'CANCELLED' : record.clash.status;
  return { clash: { ...record.clash, players, status }, access };
}

/** The started clash: the owner on turn, each player with a new CLASH game in its D1 row. */
export function started(
  clash: ClashView,
  rows: { id: number; playerId: number; createdAt: number }[],
): { clash: ClashView; games: Record<string, ClashGame> } {
  const games: Record<string, ClashGame> = {};
  const players = clash.players.map((p) => {
    const row = rows.find((r) => r.playerId === p.id);
    if (!row) throw new Error(`no game row for player ${p.id}`);
    const player = { id: p.id, name: p.name };
    const meta = { id: row.id, player, archived: false, createdAt: row.createdAt, updatedAt: row.createdAt };
    games[row.id] = { state: newGame('CLASH'), meta };
    return { ...p, gameId: row.id, score: 0 };
  });
  return { clash: { ...clash, status: 'IN_PROGRESS', turn: 0, players }, games };
}

/** Whose turns are over: a completed sheet, or a player out of the clash. */
const doneWith = (players: ClashMember[], games: Record<string, ClashGame>): boolean[] =>
  players.map((p) => p.forfeited === true || games[String(p.gameId)]?.state.status === 'COMPLETED');

/**
 * A fill's consequence for the clash: the player's running score and a clean record of missed turns,
 * then the next turn or the end.
 */
export function afterFill(clash: ClashView, games: Record<string, ClashGame>, gameId: number): ClashView {
  const players = clash.players.map((p) => {
    const game = games[String(gameId)];
    return p.gameId === gameId && game ? { ...p, score: totalSum(game.state.sheet), missed: 0 } : p;
  });
  const turn = nextTurn(clash.turn, doneWith(players, games));
  return turn === null ? { ...clash, players, status: 'COMPLETED' } : { ...clash, players, turn };
}

/**
 * The clock of the player on turn ran out (or the others passed their stalled turn): their dice are
 * thrown away and nothing is filled; the third time in a row they are out of the clash (their sheet
 * stays as it is). The next player is on turn. A clash left with one player who has not forfeited ends:
 * that player wins when they played their latest turn; when they let it run out too, nobody played on
 * and the clash is ABANDONED (issue 23: no crown, no rating).
 */
export function afterTimeout(
  record: ClashRecord,
  updatedAt: number,
): Pick<ClashRecord, 'clash' | 'games'> | null {
  const { clash } = record;
  const player = clash.players[clash.turn];
  const game = player ? record.games[String(player.gameId)] : undefined;
  if (!player || !game) return null;
  const missed = (player.missed ?? 0) + 1;
  const forfeited = missed >= CLASH_MISSED_TURNS_FORFEIT;
  const games = {
    ...record.games,
    [game.meta.id]: { state: timedOut(game.state), meta: { ...game.meta, updatedAt } },
  };
  const players = clash.players.map((p, index) => (index === clash.turn ? { ...p, missed, forfeited } : p));
  const standing = players.filter((p) => !p.forfeited);
  const turn = nextTurn(clash.turn, doneWith(players, games));
  let status = clash.status;
  if (turn === null || standing.length <= 1) status = 'COMPLETED';
  if (forfeited && standing.length === 1 && (standing[0]?.missed ?? 0) >= 1) status = 'ABANDONED';
  return { clash: { ...clash, players, turn: turn ?? clash.turn, status }, games };
}

/** Why `playerId` may not resign now: not a playing member of the running clash. */
export function refuseResign(record: ClashRecord | null, playerId: number): ClashResult | null {
  if (!record) return refuseClash(404, 'clash-not-found');
  const member = memberOf(record, playerId);
  // A pending clash is its players' business: to anyone else it does not exist.
  if (!member && record.clash.status === 'PENDING') return refuseClash(404, 'clash-not-found');
  if (!member) return refuseClash(403, 'not-clash-member');
  if (record.clash.status !== 'IN_PROGRESS') return refuseClash(409, 'clash-not-in-progress');
  if (member.forfeited) return refuseClash(409, 'clash-already-out');
  return null;
}

/**
 * A player resigns: they are out of the clash as if they had forfeited. On turn, their dice are thrown
 * away and the turn passes with a fresh clock. With one player left who has not forfeited, the clash
 * is over and that player wins: someone who resigns gives the game to the others, so a resignation
 * never leaves the clash abandoned.
 */
export function afterResign(
  record: ClashRecord,
  playerId: number,
  updatedAt: number,
): Pick<ClashRecord, 'clash' | 'games'> {
  const { clash } = record;
  const index = clash.players.findIndex((p) => p.id === playerId);
  const onTurnNow = index === clash.turn;
  const player = clash.players[index];
  const game = onTurnNow && player ? record.games[String(player.gameId)] : undefined;
  const games = game
    ? { ...record.games, [game.meta.id]: { state: timedOut(game.state), meta: { ...game.meta, updatedAt } } }
    : record.games;
  const players = clash.players.map((p, i) => (i === index ? { ...p, forfeited: true, resigned: true } : p));
  const standing = players.filter((p) => !p.forfeited).length;
  const turn = onTurnNow ? nextTurn(clash.turn, doneWith(players, games)) : clash.turn;
  const over = turn === null || standing <= 1;
  const next: ClashView = {
    ...clash,
    players,
    turn: turn ?? clash.turn,
    status: over ? 'COMPLETED' : clash.status,
  };
  return { clash: onTurnNow || over ? withTurnClock(next, updatedAt) : next, games };
}

/**
 * Why `playerId` may not pass the turn on now (issue 23's stalled clash): only another playing member,
 * only in an untimed clash, and only once the player on turn has not moved for CLASH_STALL_DAYS.
 */
export function refusePass(record: ClashRecord | null, playerId: number, now: number): ClashResult | null {
  const refused = refuseResign(record, playerId);
  if (refused || !record) return refused ?? refuseClash(404, 'clash-not-found');
  if (record.clash.turnSeconds) return refuseClash(409, 'clash-timed');
  if (record.clash.players[record.clash.turn]?.id === playerId) return refuseClash(409, 'clash-own-turn');
  const stalled = stalledAt(record.clash);
  if (stalled === null || now < stalled) return refuseClash(409, 'clash-not-stalled');
  return null;
}

/** The boxes each player (in turn order) filled themselves: their sheet's, as a turn run out fills none. */
export const fillsOf = ({ clash, games }: Pick<ClashRecord, 'clash' | 'games'>): number[] =>
  clash.players.map((p) => {
    const game = games[String(p.gameId)];
    return game ? filledCount(game.state.sheet) : 0;
  });

/**
 * The games as they stand once the clash is over: a sheet left unfinished (its player forfeited, or the
 * others did) can never be played on, so it is put away (ARCHIVED in its resource and the D1 index)
 * rather than shown in progress for ever. Until then, the games as they are.
 */
export function settledGames(clash: ClashView, games: Record<string, ClashGame>): Record<string, ClashGame> {
  if (!ended(clash)) return games;
  return Object.fromEntries(
    Object.entries(games).map(([id, game]) => [
      id,
      game.state.status === 'COMPLETED' || game.meta.archived
        ? game
        : { ...game, meta: { ...game.meta, archived: true } },
    ]),
  );
}

/** Which socket a request opens: the clash's own (`/api/ws/clashes/{id}`) or one of its games'. */
export function socketOf(request: Request): ClashSocket {
  const game = /\/ws\/games\/(\d+)\/?$/.exec(new URL(request.url).pathname);
  return {
    viewerId: viewerFrom(request.headers.get(VIEWER_HEADER)),
    gameId: game ? Number(game[1]) : null,
    issuedAtMs: issuedFrom(request.headers.get(VIEWER_ISSUED_HEADER)),
  };
}

/** A client's message as the contract reads it, or the key of the ERROR that refuses it. */
export function readClientMessage(message: WSMessage): ClashClientMessage | { error: string } {
  let input: unknown;
  try {
    input = JSON.parse(String(message));
  } catch {
    return { error: 'reaction-invalid' };
  }
  const parsed = v.safeParse(ClashClientMessage, input);
  if (parsed.success) return parsed.output;
  const key = parsed.issues[0]?.message ?? '';
  if (/^[a-z-]+$/.test(key)) return { error: key };
  const suggestion = (input as { type?: unknown } | null)?.type === 'SUGGESTION';
  return { error: suggestion ? 'suggestion-invalid' : 'reaction-invalid' };
}
