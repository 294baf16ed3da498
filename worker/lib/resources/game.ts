import { availableMoves } from '../../../game/availableMoves';
import {
  type GameState,
  type GameType,
  describeRules,
  CLASSIC_RULES,
  parseRules,
  type RuleSet,
} from '../../../game';
import { stateFields } from '../../../contract/gameFields';
import { type GameResource, type GameStatusView, type GameSummary } from '../../../contract/games';
import type { GameMeta } from '../../../durable-objects/gameRecord';
import { links } from '../hal';

export const gamePath = (id: number) => `/api/games/${id}`;

/**
 * The query parameter by which a clash game's move links name its clash (`/api/games/7/roll?clash=3`):
 * the route then reaches the clash's room at once (worker/rooms.ts `clashGameOwner`) instead of asking the
 * D1 index which room holds the game. A path without it (a client that builds it) still works.
 */
export const CLASH_HINT = 'clash';

/** Where a clash game stands in its clash: the clash that holds it, and whether its player is on turn. */
export interface ClashGamePlace {
  clashId: number;
  onTurn: boolean;
  /** Its replay may be shown (issue 30: the clash is over and the game kept its moves). */
  replay?: boolean;
}

/**
 * Which moves the viewer may make now; every action link of a game is decided here and only here.
 * `onTurn` is false for a clash game whose player is waiting for another player's turn.
 */
function allowedActions(state: GameState, meta: GameMeta, viewerId: number | null, onTurn: boolean) {
  const playing = onTurn && viewerId === meta.player.id && !meta.archived;
  const rules = availableMoves(state);
  return {
    roll: playing && rules.roll,
    announce: playing && rules.announce,
    fill: playing && rules.fill,
    undo: playing && rules.undo,
    restart: playing && rules.restart,
    // A clash game stays in its clash: it is never put away for a next one.
    archive:
      state.type === 'SOLO' && viewerId === meta.player.id && !meta.archived && state.status === 'COMPLETED',
  };
}

/**
 * A solo or daily game as a client sees it: the SPEC's Game fields, with links only for moves the viewer may
 * make now (its player is always on turn), and `replay` when the room may show its replay (issue 30). A
 * clash's room renders its games with `toClashGameResource`.
 */
export const toGameResource = (state: GameState, meta: GameMeta, viewerId: number | null, replay = false) =>
  renderGame(state, meta, viewerId, { clashId: null, onTurn: true, replay });

/** A clash game as its clash's room renders it: it names its clash, and so do its move links. */
export const toClashGameResource = (
  state: GameState,
  meta: GameMeta,
  viewerId: number | null,
  place: ClashGamePlace,
) => renderGame(state, meta, viewerId, place);

function renderGame(
  state: GameState,
  meta: GameMeta,
  viewerId: number | null,
  { clashId, onTurn, replay }: { clashId: number | null; onTurn: boolean; replay?: boolean },
): GameResource {
  const self = gamePath(meta.id);
  const move = (name: string) => `${self}/${name}${clashId === null ? '' : `?${CLASH_HINT}=${clashId}`}`;
  const may = allowedActions(state, meta, viewerId, onTurn);
  const status: GameStatusView = meta.archived ? 'ARCHIVED' : state.status;
  return {
    id: meta.id,
    status,
    type: state.type,
    ...(clashId !== null && { clashId }),
    player: { id: meta.player.id, name: meta.player.name },
    ...stateFields(state),
    createdAt: new Date(meta.createdAt).toISOString(),
    updatedAt: new Date(meta.updatedAt).toISOString(),
    _links: links({
      self,
      roll: may.roll && move('roll'),
      announce: may.announce && move('announce'),
      fill: may.fill && move('fill'),
      undo: may.undo && move('undo'),
      restart: may.restart && move('restart'),
      archive: may.archive && move('archive'),
      replay: replay === true && `${self}/replay`,
    }),
  };
}

/** A row of the D1 games index joined with its player's name. */
export interface GameSummaryRow {
  id: number;
  type: GameType;
  status: GameStatusView;
  playerId: number;
  playerName: string;
  totalSum: number;
  progress: number;
  /** The index row's rule set (games.rules); null for a game from before rule sets, which is CLASSIC. */
  rules: RuleSet | null;
  createdAt: number;
  updatedAt: number;
}

/** A game in a list: read from the index, so it carries no moves, only the way to the full game. */
export function toGameSummary(row: GameSummaryRow): GameSummary {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    player: { id: row.playerId, name: row.playerName },
    totalSum: row.totalSum,
    progress: row.progress,
    rules: describeRules(parseRules(row.rules) ?? CLASSIC_RULES),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    _links: links({ self: gamePath(row.id) }),
  };
}
