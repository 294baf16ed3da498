import { type QueryClient, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext } from 'react';
import i18n from '../i18n';
import { api } from './client';
import { isNotOlder } from './gameCache';
import type { GameMessage, GameResource } from '../../contract/games';
import type { PresetName, RuleSet } from '../../game/rules';
import { MOVE_LINKS, type PlayerMove } from '../../contract/gameState';
import { GameMoverContext } from './gameMover';
import { type LiveState, useLiveSocket } from './live';

export const gameKeys = {
  all: ['games'] as const,
  game: (id: number) => ['games', 'one', id] as const,
  /** Holds the id of the player's current game; the game itself lives under `game(id)`. */
  current: (playerId: number) => ['games', 'current', playerId] as const,
  /** The stem of the games table's pages (api/pages.ts adds each page's url). */
  list: () => ['games', 'list'] as const,
};

/** Puts a game into the cache unless the cache already holds a newer state of it. */
export function storeGame(client: QueryClient, game: GameResource): void {
  client.setQueryData<GameResource>(gameKeys.game(game.id), (current) =>
    isNotOlder(game, current) ? game : current,
  );
}

/**
 * `path` naming the clash its game is in (`?clash=`), as the server's move links do: the server then reaches
 * the clash's room without D1's index. A solo or daily game's path stays as it is.
 */
const inClash = (path: string, clashId: number | undefined) =>
  clashId === undefined ? path : `${path}?clash=${clashId}`;

/**
 * Game `id`. A clash game is read with its clash named (`clashId`): the server then asks the clash's room
 * for it straight away, without D1's index, so the clash screen still loads its boards while D1 is down.
 */
export function useGame(id: number | undefined, clashId?: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: gameKeys.game(id ?? 0),
    enabled: id !== undefined && id > 0,
    queryFn: async ({ signal }) => {
      const fetched = await api<GameResource>(inClash(`/games/${id}`, clashId), { signal });
      // A live message may have brought a newer state while this request was on its way.
      const current = client.getQueryData<GameResource>(gameKeys.game(fetched.id));
      return isNotOlder(fetched, current) ? fetched : (current as GameResource);
    },
  });
}

/** Where the play screen (web/routes/Play.tsx) is: the session start asks for its game when it starts there. */
export const PLAY_PATH = '/';

/** Puts the player's current game into the cache, where the play screen's query finds it without a request. */
export function storeCurrentGame(client: QueryClient, game: GameResource): void {
  storeGame(client, game);
  client.setQueryData(gameKeys.current(game.player.id), game.id);
}

/** The id of the player's current game (obtained or created by `PUT /api/games/`); the game goes to the cache. */
export function useCurrentGame(playerId: number | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: gameKeys.current(playerId ?? 0),
    enabled: playerId !== undefined,
    queryFn: async () => {
      const game = await api<GameResource>('/games/', { method: 'PUT', body: { playerId } });
      storeGame(client, game);
      return game.id;
    },
  });
}

/** What `PUT /api/games/` takes for a new game's rules: a preset's name, or a custom rule set. */
export interface NewGameRequest {
  rules: PresetName | RuleSet;
  /** Put an unfinished current game of other rules away; without it that is a 409 `game-in-progress`. */
  replace: boolean;
}

/**
 * A new solo game with other rules (issue 27): the answer is the player's current game, made with them (the
 * server also keeps them as the player's preferred rule set), which the play screen then shows.
 */
export function useNewGame(playerId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rules, replace }: NewGameRequest) =>
      api<GameResource>('/games/', { method: 'PUT', body: { playerId, rules, replace } }),
    onSuccess: (game) => {
      storeCurrentGame(client, game);
      void client.invalidateQueries({ queryKey: gameKeys.list() });
    },
  });
}

/**
 * Keeps the cached game current from `/api/ws/games/{id}` while the component is mounted. The socket
 * opens once the game is known (fetched or cached): a game that does not exist gets its 404 page and no
 * socket, which could only be refused and retried. A clash game's socket names its clash (`?clash=`), as
 * its moves do, so the server finds the clash's room without D1 and the socket reopens during an outage.
 */
export function useLiveGame(id: number | undefined): LiveState {
  const client = useQueryClient();
  // Observes the game's cache entry only (useGame fetches it): no request of its own.
  const path = useQuery({
    queryKey: gameKeys.game(id ?? 0),
    queryFn: skipToken,
    select: (game: GameResource) => (game.id === id ? inClash(`/api/ws/games/${id}`, game.clashId) : null),
  }).data;
  const onMessage = useCallback(
    (message: unknown) => {
      const live = message as Partial<GameMessage> | null;
      if (live?.type !== 'GAME' || !live.game || live.game.id !== id) return;
      storeGame(client, live.game);
    },
    [client, id],
  );
  return useLiveSocket(path ?? null, onMessage);
}

/** The request a move makes: its link's href and body. A missing link is the SPEC section 8 error, not a call. */
export function moveRequest(game: GameResource, move: PlayerMove): { href: string; body?: unknown } {
  const link = game._links[MOVE_LINKS[move.type]];
  if (!link) throw new Error(i18n.t('game.errors.noLink'));
  switch (move.type) {
    case 'ROLL':
      return { href: link.href, body: { diceToRoll: move.diceToRoll } };
    case 'ANNOUNCE':
      return { href: link.href, body: { boxType: move.boxType } };
    case 'FILL':
      return { href: link.href, body: { columnType: move.columnType, boxType: move.boxType } };
    default:
      return { href: link.href };
  }
}

/**
 * The moves on one game. Each answers the new game, which goes straight into the cache (archive
 * answers the player's next game, which becomes their current one). A refusal goes to `onRefused`
 * (the screen tells the player) and the game is fetched again, since the screen was evidently out of date.
 */
export function useGameMove(id: number, onRefused: (error: unknown) => void) {
  const client = useQueryClient();
  // A game played on this device: its own mover applies the move, and keeps the game where it lives.
  const mover = useContext(GameMoverContext);
  return useMutation({
    // A move on this device needs no network: offline it must not wait for one.
    networkMode: mover ? 'always' : 'online',
    mutationFn: (move: PlayerMove) => {
      if (mover) return mover(move);
      const game = client.getQueryData<GameResource>(gameKeys.game(id));
      if (!game) throw new Error(i18n.t('game.errors.noLink'));
      const { href, body } = moveRequest(game, move);
      return api<GameResource>(href, { method: 'PUT', body });
    },
    onSuccess: (game, move) => {
      if (mover) return;
      if (move.type !== 'ARCHIVE') storeGame(client, game);
      else {
        storeCurrentGame(client, game);
        void client.invalidateQueries({ queryKey: gameKeys.list() });
      }
    },
    onError: (error) => {
      onRefused(error);
      if (!mover) void client.invalidateQueries({ queryKey: gameKeys.game(id) });
    },
  });
}
