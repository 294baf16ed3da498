import {
  type BoxType,
  type ColumnType,
  type GameState,
  type RuleSet,
  afterFill,
  clashRules,
  afterResign,
  afterTimeout,
  type ClashMember,
  type ClashRefusal,
  type DiceSource,
  ended,
  gameOnTurn,
  type GameMove,
  memberOf,
  playerOnTurn,
  refusePass,
  refuseResign,
  stalledAt,
  withTurnClock,
} from '../game';
import type { ClashLogDraft } from '../contract/clashes';
import { entryOf, type LoggedTurn } from '../game/replay';
import { toReplayResource } from '../worker/lib/resources/replay';
import type { ClashChange, ClashEvent, ClashOutcome } from './clashChange';
import { accessOf, type ClashGame, type ClashRecord, type ClashRefused, refuseClash } from './clashRecord';
import { clashGameResource, clashReplayShown } from './clashSockets';
import {
  type Refusal,
  refuse,
  type ReplayResult,
  type RoomAction,
  type RoomResult,
  type RoomViewer,
} from './gameRecord';
import { nextUpdatedAt, playMove, refuseMover } from './roomKit';
import { tokenCounts } from '../worker/lib/viewer';

// The running clash, for ClashRoom: a move on the game on turn, a clock that runs out, a stalled turn the
// others pass, a resignation, the warning before the clock, the bot's turn. Pure: each answers the change
// for the room to apply, its refusal, or null when nothing is to change.

const refused = (refusal: ClashRefusal): ClashRefused => refuseClash(refusal.status, refusal.key);

/** A turn that ran out, was passed, or whose player resigned: the dice thrown away, nothing filled. */
const PASS = { kind: 'PASS' } as const;

/** What a fill wrote in the box. */
const boxValue = (state: GameState, column: ColumnType, box: BoxType): number =>
  state.sheet.columns.find((c) => c.type === column)?.boxes.find((b) => b.type === box)?.value ?? 0;

/** The practice bot, when it is the player on turn in the running clash. */
export const botOnTurn = (record: ClashRecord): ClashMember | null => {
  const player = playerOnTurn(record.clash);
  return player?.bot ? player : null;
};

/** A game of the clash as the viewer may see it; its player with a token that no longer counts gets 401. */
export function gameView(record: ClashRecord | null, gameId: number, viewer: RoomViewer | null): RoomResult {
  const game = record?.games[String(gameId)];
  if (!record || !game) return refuse(404, 'game-not-found');
  const playerId = game.meta.player.id;
  if (viewer?.playerId === playerId && !tokenCounts(viewer.issuedAtMs, accessOf(record, playerId)))
    return refuse(401, 'token-expired');
  return gameFor(record, gameId, viewer?.playerId ?? null);
}

/**
 * The started clash with its games `logged` (gameRecord.ts GameMeta): the room writes their moves
 * (moveLog.ts) from the first, and they have a replay once the clash is over.
 */
export function logging(change: ClashChange): ClashChange {
  const games = Object.entries(change.games ?? {}).map(([id, game]) => [
    id,
    { ...game, meta: { ...game.meta, logged: true as const } },
  ]);
  return change.games ? { ...change, games: Object.fromEntries(games) as Record<string, ClashGame> } : change;
}

/**
 * Game `gameId`'s replay: every game of the clash, in turn order, with every turn played (`turnsOf` reads
 * the log). 404 replay-not-available until the clash is over, and for a clash from before the log.
 */
export function replayOf(
  record: ClashRecord | null,
  gameId: number,
  viewer: RoomViewer | null,
  turnsOf: (games: { id: number; rules: RuleSet }[]) => LoggedTurn[] | null,
): ReplayResult {
  const seen = gameView(record, gameId, viewer);
  const game = record?.games[String(gameId)];
  if (!seen.ok || !record || !game) return seen.ok ? refuse(404, 'game-not-found') : seen;
  const rules = clashRules(record.clash);
  const games = record.clash.players.flatMap((p) => {
    const played = p.gameId === null ? undefined : record.games[String(p.gameId)];
    return played ? [{ id: played.meta.id, player: played.meta.player }] : [];
  });
  const turns = clashReplayShown(record, game) ? turnsOf(games.map((g) => ({ id: g.id, rules }))) : null;
  if (!turns) return refuse(404, 'replay-not-available');
  const source = { gameId, type: game.state.type, clashId: record.clash.id, rules, games, turns };
  return { ok: true, replay: toReplayResource(source, viewer?.playerId ?? null) };
}

/** A game of the clash as `viewerId` sees it, their token checked already. */
export function gameFor(record: ClashRecord, gameId: number, viewerId: number | null): RoomResult {
  const game = record.games[String(gameId)];
  return game ? { ok: true, game: clashGameResource(record, game, viewerId) } : refuse(404, 'game-not-found');
}

/**
 * A move asked for by `viewer` on game `gameId`: the game's player, on turn, with a token that counts; no
 * undo, restart or archive in a clash. Then the rules (`played`).
 */
export function moved(
  record: ClashRecord | null,
  gameId: number,
  viewer: RoomViewer,
  action: RoomAction,
  dice: DiceSource,
): ClashChange | Refusal {
  const game = record?.games[String(gameId)];
  if (!record || !game) return refuse(404, 'game-not-found');
  const refusal = refuseMover(game.meta.player.id, accessOf(record, viewer.playerId), viewer);
  if (refusal) return refusal;
  if (action.type === 'UNDO' || action.type === 'RESTART' || action.type === 'ARCHIVE')
    return refuse(409, 'clash-game-locked');
  if (game.state.status === 'COMPLETED') return refuse(409, 'game-completed');
  if (!gameOnTurn(record.clash, gameId)) return refuse(409, 'not-your-turn');
  return played(record, gameId, action, dice);
}

/**
 * A move on the game on turn, checked by the rules. A fill ends the turn: the next one starts with a full
 * clock, and the last fill of the last game completes the clash.
 */
export function played(
  record: ClashRecord,
  gameId: number,
  move: GameMove,
  dice: DiceSource,
): ClashChange | Refusal {
  const game = record.games[String(gameId)];
  if (!game) return refuse(404, 'game-not-found');
  const result = playMove(game.state, move, dice);
  if (!result.ok) return result;
  const updatedAt = nextUpdatedAt(record.clash.updatedAt);
  const games = { ...record.games, [gameId]: { state: result.state, meta: { ...game.meta, updatedAt } } };
  const entry = entryOf(move, result.state);
  const moves = entry ? [{ gameId, entry }] : [];
  if (move.type !== 'FILL') return { clash: record.clash, games, moved: gameId, turnBegan: false, moves };
  const clash = withTurnClock(afterFill(record.clash, games, gameId), updatedAt);
  const { columnType: column, boxType: box } = move;
  const score = boxValue(result.state, column, box);
  const { id: playerId, name } = game.meta.player;
  const log: ClashLogDraft[] = [{ kind: 'FILL', playerId, name, column, box, score }];
  return { clash, games, moved: gameId, turnBegan: true, log, moves };
}

/** The bot's game, when the bot is on turn in a game still in progress. */
export function botGame(record: ClashRecord | null): ClashGame | null {
  const bot = record && botOnTurn(record);
  const game = bot && bot.gameId !== null ? record.games[String(bot.gameId)] : undefined;
  return game?.state.status === 'IN_PROGRESS' ? game : null;
}

/**
 * The turn on is passed as one run out of time (its clock, or the others' pass): see game/clashTurns.ts
 * `afterTimeout`; the third in a row forfeits the player, who is told.
 */
function passedTurn(record: ClashRecord, passer?: ClashMember): ClashChange | null {
  const player = record.clash.players[record.clash.turn];
  const updatedAt = nextUpdatedAt(record.clash.updatedAt);
  const outcome = afterTimeout(record, updatedAt);
  if (!player?.gameId || !outcome) return null;
  const forfeited = memberOf(outcome.clash, player.id)?.forfeited === true;
  const events: ClashEvent[] = forfeited ? [{ type: 'forfeited', player }] : [];
  const who = { playerId: player.id, name: player.name };
  const log: ClashLogDraft[] = [
    passer ? { kind: 'PASSED', by: passer.name, ...who } : { kind: 'TIMEOUT', ...who },
    ...(forfeited ? [{ kind: 'FORFEITED' as const, ...who }] : []),
  ];
  const clash = withTurnClock(outcome.clash, updatedAt);
  const moves = [{ gameId: player.gameId, entry: PASS }];
  return { clash, games: outcome.games, moved: player.gameId, turnBegan: true, events, log, moves };
}

/** The clock of the player on turn ran out (the `turn` deadline), if it did by `now`. */
export function timedOut(record: ClashRecord | null, now: number): ClashChange | null {
  const deadline = record?.clash.status === 'IN_PROGRESS' ? record.clash.turnDeadline : null;
  if (!record || !deadline || deadline > now) return null;
  return passedTurn(record);
}

/**
 * Another member passes the turn of an untimed clash's player who has not moved for CLASH_STALL_DAYS:
 * exactly as if that turn had run out of time (three in a row forfeit them).
 */
export function passed(record: ClashRecord | null, playerId: number, now: number): ClashOutcome | null {
  if (!record) return refuseClash(404, 'clash-not-found');
  const refusal = refusePass(record.clash, playerId, now);
  if (refusal) return refused(refusal);
  if (accessOf(record, playerId).banned) return refuseClash(403, 'player-banned');
  return passedTurn(record, memberOf(record.clash, playerId));
}

/**
 * A playing member leaves the running clash: a forfeit (game/clashTurns.ts `afterResign`). Everyone sees
 * it at once; a clash it ends is announced as one played to the end.
 */
export function resigned(record: ClashRecord | null, playerId: number): ClashOutcome {
  if (!record) return refuseClash(404, 'clash-not-found');
  const refusal = refuseResign(record.clash, playerId);
  if (refusal) return refused(refusal);
  if (accessOf(record, playerId).banned) return refuseClash(403, 'player-banned');
  const onTurn = playerOnTurn(record.clash)?.id === playerId;
  const { clash, games } = afterResign(record, playerId, nextUpdatedAt(record.clash.updatedAt));
  const member = memberOf(record.clash, playerId);
  const log: ClashLogDraft[] = member ? [{ kind: 'RESIGNED', playerId, name: member.name }] : [];
  // Resigning on turn throws the turn's dice away, as a turn run out does: its replay shows the pass.
  const moves = onTurn && member?.gameId ? [{ gameId: member.gameId, entry: PASS }] : [];
  return { clash, games, moved: member?.gameId ?? undefined, log, moves };
}

/**
 * Who hears that a turn began after `change` (the start, a fill, a clock run out, a pass, a player gone): the
 * player now on turn, told when away (clashNotices.ts decides), or the bot, which acts after a pause.
 */
export function turnBegun(before: ClashRecord, next: ClashRecord, change: ClashChange): ClashMember | null {
  const moved =
    change.moved !== undefined && (next.clash.turn !== before.clash.turn || botOnTurn(next) !== null);
  return (change.turnBegan || moved) && !ended(next.clash) ? playerOnTurn(next.clash) : null;
}

/** The player whose turn `change` ended: on turn before it, and not in the same turn after it. */
export function turnOver(before: ClashRecord, next: ClashRecord): ClashMember | null {
  const was = playerOnTurn(before.clash);
  if (!was) return null;
  const same =
    playerOnTurn(next.clash)?.id === was.id && next.clash.turnStartedAt === before.clash.turnStartedAt;
  return same ? null : was;
}

/** TURN_WARNING_SECONDS before the clock runs out, the player on turn is warned (the bot needs no warning). */
export function warning(record: ClashRecord | null, now: number): ClashEvent | null {
  const player = record ? playerOnTurn(record.clash) : null;
  const deadline = record?.clash.turnDeadline;
  if (!player || player.bot || !deadline || deadline <= now) return null;
  return { type: 'turn-warning', player, seconds: Math.round((deadline - now) / 1000) };
}

/** Whether the player on turn has stalled long enough for the others to get the pass link. */
export function stalled(record: ClashRecord | null, now: number): boolean {
  const at = record ? stalledAt(record.clash) : null;
  return at !== null && at <= now;
}

/** Local development and the browser tests only: the turn on runs out `seconds` from `now`. */
export function shortened(record: ClashRecord | null, seconds: number, now: number): ClashOutcome {
  if (!record || record.clash.status !== 'IN_PROGRESS' || !record.clash.turnDeadline)
    return refuseClash(409, 'clash-not-timed');
  return { clash: { ...record.clash, turnDeadline: now + seconds * 1000 } };
}
