import {
  acceptsAtOnce,
  CLASH_MIN_PLAYERS,
  CLASH_MISSED_TURNS_FORFEIT,
  type ClashMember,
  type ClashRefusal,
  type ClashView,
  ended,
  nextTurn,
  stalledAt,
  timedOut,
  withTurnClock,
} from './clash';
import { filledCount, totalSum } from './sums';
import type { GameState } from './types';

// How a clash moves on: its start, its lobby's joins and leaves, and what a fill, a turn that ran out and a
// resignation do to the turn order, the scores and the clash's status. Pure: the room stores what these
// answer. The games are the room's own records, of which the rules read the state and the three fields below.

/** A clash's game as the rules see it: its state, its id, whether it was put away, when it last changed. */
export interface ClashSheet {
  state: GameState;
  meta: { id: number; archived: boolean; updatedAt: number };
}

/** A clash with its games by game id: what a turn changes. */
export interface ClashRound<G extends ClashSheet> {
  clash: ClashView;
  games: Record<string, G>;
}

const refusal = (status: ClashRefusal['status'], key: string): ClashRefusal => ({ status, key });

export const memberOf = (clash: ClashView, playerId: number | null): ClashMember | undefined =>
  clash.players.find((p) => p.id === playerId);

/** The clash's players with the newly invited at the end of the turn order. */
export const withInvited = (
  clash: ClashView,
  invited: readonly { id: number; name: string; avatarKey: string | null; bot: boolean }[],
): ClashMember[] => [
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

/** The clash without `playerIds` (declined or removed); the owner left alone, it is cancelled. */
export function withoutPlayers(clash: ClashView, playerIds: readonly number[]): ClashView {
  const players = clash.players.filter((p) => !playerIds.includes(p.id));
  const status = players.length < CLASH_MIN_PLAYERS ? 'CANCELLED' : clash.status;
  return { ...clash, players, status };
}

/** The started clash: the owner on turn, each player with the game `gameIds` gives them and a score of 0. */
export function startedClash(clash: ClashView, gameIds: ReadonlyMap<number, number>): ClashView {
  const players = clash.players.map((p) => {
    const gameId = gameIds.get(p.id);
    if (gameId === undefined) throw new Error(`no game for player ${p.id}`);
    return { ...p, gameId, score: 0 };
  });
  return { ...clash, status: 'IN_PROGRESS', turn: 0, players };
}

/** Whose turns are over: a completed sheet, or a player out of the clash. */
const doneWith = <G extends ClashSheet>(players: ClashMember[], games: Record<string, G>): boolean[] =>
  players.map((p) => p.forfeited === true || games[String(p.gameId)]?.state.status === 'COMPLETED');

/**
 * A fill's consequence for the clash: the player's running score and a clean record of missed turns,
 * then the next turn or the end.
 */
export function afterFill<G extends ClashSheet>(
  clash: ClashView,
  games: Record<string, G>,
  gameId: number,
): ClashView {
  const players = clash.players.map((p) => {
    const game = games[String(gameId)];
    return p.gameId === gameId && game ? { ...p, score: totalSum(game.state.sheet), missed: 0 } : p;
  });
  const turn = nextTurn(clash.turn, doneWith(players, games));
  return turn === null ? { ...clash, players, status: 'COMPLETED' } : { ...clash, players, turn };
}

/** The game with its dice thrown away (`timedOut`), changed at `updatedAt`. */
const thrownAway = <G extends ClashSheet>(game: G, updatedAt: number): G => ({
  ...game,
  state: timedOut(game.state),
  meta: { ...game.meta, updatedAt },
});

/**
 * The clock of the player on turn ran out (or the others passed their stalled turn): their dice are
 * thrown away and nothing is filled; the third time in a row they are out of the clash (their sheet
 * stays as it is). The next player is on turn. A clash left with one player who has not forfeited ends:
 * that player wins when they played their latest turn; when they let it run out too, nobody played on
 * and the clash is ABANDONED (no crown, no rating).
 */
export function afterTimeout<G extends ClashSheet>(
  { clash, games: before }: ClashRound<G>,
  updatedAt: number,
): ClashRound<G> | null {
  const player = clash.players[clash.turn];
  const game = player ? before[String(player.gameId)] : undefined;
  if (!player || !game) return null;
  const missed = (player.missed ?? 0) + 1;
  const forfeited = missed >= CLASH_MISSED_TURNS_FORFEIT;
  const games = { ...before, [game.meta.id]: thrownAway(game, updatedAt) };
  const players = clash.players.map((p, index) => (index === clash.turn ? { ...p, missed, forfeited } : p));
  const standing = players.filter((p) => !p.forfeited);
  const turn = nextTurn(clash.turn, doneWith(players, games));
  let status = clash.status;
  if (turn === null || standing.length <= 1) status = 'COMPLETED';
  if (forfeited && standing.length === 1 && (standing[0]?.missed ?? 0) >= 1) status = 'ABANDONED';
  return { clash: { ...clash, players, turn: turn ?? clash.turn, status }, games };
}

/** Why `playerId` may not resign now: not a playing member of the running clash. */
export function refuseResign(clash: ClashView, playerId: number): ClashRefusal | null {
  const member = memberOf(clash, playerId);
  // A pending clash is its players' business: to anyone else it does not exist.
  if (!member && clash.status === 'PENDING') return refusal(404, 'clash-not-found');
  if (!member) return refusal(403, 'not-clash-member');
  if (clash.status !== 'IN_PROGRESS') return refusal(409, 'clash-not-in-progress');
  if (member.forfeited) return refusal(409, 'clash-already-out');
  return null;
}

/**
 * A player resigns: they are out of the clash as if they had forfeited. On turn, their dice are thrown
 * away and the turn passes with a fresh clock. With one player left who has not forfeited, the clash
 * is over and that player wins: someone who resigns gives the game to the others, so a resignation
 * never leaves the clash abandoned.
 */
export function afterResign<G extends ClashSheet>(
  { clash, games: before }: ClashRound<G>,
  playerId: number,
  updatedAt: number,
): ClashRound<G> {
  const index = clash.players.findIndex((p) => p.id === playerId);
  const onTurnNow = index === clash.turn;
  const player = clash.players[index];
  const game = onTurnNow && player ? before[String(player.gameId)] : undefined;
  const games = game ? { ...before, [game.meta.id]: thrownAway(game, updatedAt) } : before;
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
 * Why `playerId` may not pass the turn on now: only another playing member, only in an untimed clash, and
 * only once the player on turn has not moved for CLASH_STALL_DAYS.
 */
export function refusePass(clash: ClashView, playerId: number, now: number): ClashRefusal | null {
  const refused = refuseResign(clash, playerId);
  if (refused) return refused;
  if (clash.turnSeconds) return refusal(409, 'clash-timed');
  if (clash.players[clash.turn]?.id === playerId) return refusal(409, 'clash-own-turn');
  const stalled = stalledAt(clash);
  if (stalled === null || now < stalled) return refusal(409, 'clash-not-stalled');
  return null;
}

/** The boxes each player (in turn order) filled themselves: their sheet's, as a turn run out fills none. */
export const fillsOf = <G extends ClashSheet>({ clash, games }: ClashRound<G>): number[] =>
  clash.players.map((p) => {
    const game = games[String(p.gameId)];
    return game ? filledCount(game.state.sheet) : 0;
  });

/**
 * The games as they stand once the clash is over: a sheet left unfinished (its player forfeited, or the
 * others did) can never be played on, so it is put away (ARCHIVED in its resource and the D1 index)
 * rather than shown in progress for ever, changed when the clash ended (so a client holding its last state,
 * by updatedAt, takes the put-away one). Until then, the games as they are.
 */
export function settledGames<G extends ClashSheet>(
  clash: ClashView,
  games: Record<string, G>,
): Record<string, G> {
  if (!ended(clash)) return games;
  return Object.fromEntries(
    Object.entries(games).map(([id, game]) => [
      id,
      game.state.status === 'COMPLETED' || game.meta.archived
        ? game
        : {
            ...game,
            meta: { ...game.meta, archived: true, updatedAt: Math.max(game.meta.updatedAt, clash.updatedAt) },
          },
    ]),
  );
}
