import type { ClashGame, ClashRecord } from '../../durable-objects/clashRecord';
import { type ClashMember, type ClashView, newGame } from '../../game';

// The clashes the pure clash rules and collaborators are tried on: members, a clash, and a room's record
// with a game per member.

export const T0 = Date.UTC(2026, 2, 1);

/** Player `index`: id 10 + index, game 100 + index, accepted. */
export const member = (index: number, over: Partial<ClashMember> = {}): ClashMember => ({
  id: 10 + index,
  name: `P${index}`,
  avatarKey: null,
  status: 'ACCEPTED',
  score: 0,
  gameId: 100 + index,
  ...over,
});

/** A running clash with a 30 s clock of `players`, the first of them its owner and on turn. */
export const clashOf = (players: ClashMember[], over: Partial<ClashView> = {}): ClashView => ({
  id: 1,
  name: 'Rules',
  type: 'LIVE',
  status: 'IN_PROGRESS',
  owner: { id: players[0]?.id ?? 0, name: players[0]?.name ?? 'P0' },
  players,
  turn: 0,
  turnSeconds: 30,
  turnDeadline: T0 + 30_000,
  turnStartedAt: T0,
  createdAt: T0,
  updatedAt: T0,
  ...over,
});

/** A pending clash whose players answered as `statuses` say (the first, the owner, accepted). */
export const pending = (...statuses: ClashMember['status'][]) =>
  clashOf(
    statuses.map((status, index) => member(index, { status, gameId: null, score: null })),
    { status: 'PENDING', turnDeadline: null, turnStartedAt: null },
  );

/** A room's record of `clash`, with a fresh game for each player that has one; `filled[i]` boxes on player i's sheet. */
export function recordOf(clash: ClashView, filled: number[] = []): ClashRecord {
  const games: Record<string, ClashGame> = {};
  for (const [index, p] of clash.players.entries()) {
    if (p.gameId === null) continue;
    const state = newGame('CLASH');
    let left = filled[index] ?? 0;
    for (const column of state.sheet.columns)
      for (const box of column.boxes)
        if (left > 0) {
          box.value = 1;
          left--;
        }
    const player = { id: p.id, name: p.name };
    games[String(p.gameId)] = {
      state,
      meta: { id: p.gameId, player, archived: false, createdAt: T0, updatedAt: T0 },
    };
  }
  const access = Object.fromEntries(
    clash.players.map((p) => [String(p.id), { tokensValidAfter: 0, banned: false }]),
  );
  return { clash, access, games, version: 1 };
}
