import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clear, createStore, del, get, set, values } from 'idb-keyval';
import { useCallback } from 'react';
import { stateFields } from '../../contract/gameFields';
import type { GameResource } from '../../contract/games';
import type { PlayerMove } from '../../contract/gameState';
import { availableMoves } from '../../game/availableMoves';
import { RuleError } from '../../game/errors';
import type { DiceSource } from '../../game/types';
import { cryptoDiceSource } from '../../game/dice';
import {
  newTableGame,
  passDevice,
  tableCompleted,
  tableMove,
  undoEntry,
  type TableGame,
  type TableKind,
  type TableDice,
} from '../../game/table';
import type { RuleSet } from '../../game/rules';
import i18n from '../i18n';
import type { GameMover } from './gameMover';

// Games played on this device (issue 28): practice and pass-and-play, kept in IndexedDB so they survive a
// reload, a closed app and a train without network. They never reach the server.

const store = createStore('yamb', 'table-games');

export const tableKeys = {
  all: ['tableGames'] as const,
  list: () => ['tableGames', 'list'] as const,
  game: (id: string) => ['tableGames', 'one', id] as const,
};

/** Every saved game at the table, the latest played first. */
export function useTableGames() {
  return useQuery({
    queryKey: tableKeys.list(),
    queryFn: async () =>
      (await values<TableGame>(store)).sort((a, b) => b.updatedAt - a.updatedAt || b.createdAt - a.createdAt),
    networkMode: 'always',
  });
}

/** One saved game; null when this device has no such game. */
export function useTableGame(id: string) {
  return useQuery({
    queryKey: tableKeys.game(id),
    queryFn: async () => (await get<TableGame>(id, store)) ?? null,
    networkMode: 'always',
  });
}

async function save(client: QueryClient, game: TableGame): Promise<TableGame> {
  await set(game.id, game, store);
  client.setQueryData(tableKeys.game(game.id), game);
  void client.invalidateQueries({ queryKey: tableKeys.list() });
  return game;
}

export interface NewTableGame {
  kind: TableKind;
  dice: TableDice;
  rules: RuleSet;
  names: readonly string[];
}

/** Starts a game at the table and saves it; throws an Error in the player's words when the names are wrong. */
export async function createTableGame(client: QueryClient, options: NewTableGame): Promise<TableGame> {
  try {
    return await save(client, newTableGame({ ...options, id: crypto.randomUUID(), now: Date.now() }));
  } catch (error) {
    throw error instanceof Error && error.message.startsWith('table-')
      ? new Error(i18n.t(`table.errors.${error.message}`))
      : error;
  }
}

export function useDeleteTableGame() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (id: string) => del(id, store),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: tableKeys.game(id) });
      void client.invalidateQueries({ queryKey: tableKeys.list() });
    },
  });
}

export function useClearTableGames() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: () => clear(store),
    onSuccess: () => client.removeQueries({ queryKey: tableKeys.all }),
  });
}

/**
 * A player's game at the table as the board reads it: the shape of the server's game resource, with the links
 * of the moves the rules allow now. Only the player on turn has moves, and none while the device is being
 * passed on. The id is negative and made up here: it names no game on the server.
 */
export function tableResource(game: TableGame, player: number): GameResource {
  const state = game.players[player]?.state;
  if (!state) throw new Error(`table game ${game.id} has no player ${player}`);
  const id = tablePlayerId(game, player);
  const onTurn = player === game.turn && !game.passing;
  const may = availableMoves(state);
  const self = `/table/${game.id}`;
  const link = (allowed: boolean) => (allowed ? { href: self } : undefined);
  const practice = game.kind === 'PRACTICE';
  return {
    id,
    status: state.status,
    type: 'SOLO',
    player: { id, name: game.players[player]?.name ?? '' },
    ...stateFields(state),
    createdAt: new Date(game.createdAt).toISOString(),
    updatedAt: new Date(game.updatedAt).toISOString(),
    _links: {
      self: { href: self },
      ...(onTurn && may.roll && { roll: link(true) }),
      ...(onTurn && may.announce && { announce: link(true) }),
      ...(onTurn && may.fill && { fill: link(true) }),
      ...(onTurn && may.undo && { undo: link(true) }),
      // Starting over is one player's business: a practice game only.
      ...(onTurn && practice && may.restart && { restart: link(true) }),
      // "New game" after a finished practice game.
      ...(practice && tableCompleted(game) && { archive: link(true) }),
    },
  };
}

/** The made-up id a table player's board goes by (negative: no server game has it). */
export const tablePlayerId = (game: TableGame, player: number): number => -(game.createdAt * 8 + player + 1);

/** A refusal of the rules, in the player's words. */
function refusal(error: unknown): unknown {
  return error instanceof RuleError ? new Error(i18n.t(`errors.${error.key}`)) : error;
}

export interface TablePlay {
  /** The player on turn makes a move; REAL-dice games pass the entered faces as `dice`. */
  move: (move: Exclude<PlayerMove, { type: 'ARCHIVE' }>, dice?: DiceSource) => Promise<TableGame>;
  pass: () => Promise<TableGame>;
  undo: () => Promise<TableGame>;
  /** The board's moves for the player at `player` (GameMoverContext); ARCHIVE is answered by `onArchive`. */
  mover: (player: number, onArchive?: () => Promise<GameResource>) => GameMover;
}

/**
 * The moves on one game at the table. Each reads the game as saved, applies the move with game/'s rules and
 * saves the result before answering: one after another, so two quick taps never both start from the same state.
 */
export function useTablePlay(id: string): TablePlay {
  const client = useQueryClient();
  const change = useCallback(
    (next: (game: TableGame) => TableGame) => {
      const run = queue.then(async () => {
        const game =
          client.getQueryData<TableGame | null>(tableKeys.game(id)) ?? (await get<TableGame>(id, store));
        if (!game) throw new Error(i18n.t('table.errors.notFound'));
        try {
          return await save(client, next(game));
        } catch (error) {
          throw refusal(error);
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
    [client, id],
  );
  const move: TablePlay['move'] = useCallback(
    (playerMove, dice = cryptoDiceSource) => change((game) => tableMove(game, playerMove, dice, Date.now())),
    [change],
  );
  return {
    move,
    pass: useCallback(() => change((game) => passDevice(game, Date.now())), [change]),
    undo: useCallback(() => change((game) => undoEntry(game, Date.now())), [change]),
    mover: useCallback(
      (player, onArchive) => async (playerMove) => {
        if (playerMove.type === 'ARCHIVE') {
          if (!onArchive) throw new Error(i18n.t('game.errors.noLink'));
          return onArchive();
        }
        return tableResource(await move(playerMove), player);
      },
      [move],
    ),
  };
}

/** Moves on table games, one at a time across the app. */
let queue: Promise<unknown> = Promise.resolve();
