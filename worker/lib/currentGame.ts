import type { NewGame, RoomResult } from '../../durable-objects/gameRecord';
import type { GameResource } from '../../contract/games';
import { CURRENT_GAME_EMBED } from '../../contract/players';
import { CLASSIC_RULES, parseRules, type RuleSet, sameRules } from '../../game/rules';
import { accessOf } from '../auth/access';
import type { Database } from '../db/client';
import { currentSoloGame, forgetGameRow, rowRules } from '../db/games';
import { preferredRules, savePreferredRules } from '../db/preferences';
import type { GameRow, PlayerRow } from '../db/schema';
import type { Env } from '../env';
import { gameRoom } from '../rooms';
import { AppError } from './errors';
import { gamePath } from './resources/game';

/** What `PUT /api/games/` asks for besides the player: a rule set, and whether a game in progress may go. */
export interface GameWish {
  rules?: RuleSet | undefined;
  replace?: boolean | undefined;
}

/** How often a wish may find another request's game in the way before the player is asked to try again. */
const ATTEMPTS = 3;

/**
 * The player's current solo game (db/games.ts `currentSoloGame`), its room created when it has none yet:
 * what `PUT /api/games/` answers, and what the session probe and the guest registration embed when the
 * play screen asks (issue 26: the first roll waits on no request of its own).
 *
 * Without `rules` it is the current game whatever its rules, or a new one with the player's preferred
 * rule set. With `rules` other than the current game's, the current game makes way (GameRoom `putAway`:
 * a completed or untouched game always, one in progress only with `replace`, else 409 game-in-progress
 * naming it) and a new game is made with `rules`, which become the player's preferred rule set.
 */
export async function currentGame(
  env: Env,
  db: Database,
  player: PlayerRow,
  wish: GameWish = {},
): Promise<RoomResult> {
  const { rules } = wish;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { row, made } = await currentSoloGame(db, player.id, () => rules ?? preferredRules(db, player.id));
    if (made && rules) await savePreferredRules(db, player.id, rules);
    const opened = await openRoom(env, player, row);
    if (!rules || !opened.ok || sameRules(parseRules(opened.game.rules) ?? CLASSIC_RULES, rules))
      return opened;
    const away = await gameRoom(env, row.id).putAway(player.id, wish.replace === true);
    if (!away.ok && away.key === 'game-in-progress')
      throw new AppError(409, away.key, {}, { _links: { current: { href: gamePath(row.id) } } });
    if (!away.ok) return away;
    if (away.discarded) forgetGameRow(row.id);
  }
  return { ok: false, status: 503, key: 'service-unavailable' };
}

/** The room of the player's current game, created when it does not exist yet (with its row's rules). */
async function openRoom(env: Env, player: PlayerRow, row: GameRow): Promise<RoomResult> {
  // The room may not exist yet (or a previous attempt died between the insert and here): create is idempotent.
  const init: NewGame = {
    id: row.id,
    playerId: player.id,
    playerName: player.name,
    createdAt: row.createdAt,
    access: accessOf(player),
    rules: rowRules(row),
  };
  const room = gameRoom(env, row.id);
  const created = await room.create(init);
  // A renamed player gets their new name on the next "current game" call; the index has no names.
  if (created.ok && created.game.player.name !== player.name)
    return room.renamePlayer(player.id, player.name);
  return created;
}

/**
 * The current game to embed in an answer whose client asked for it (`?embed=currentGame`), or nothing:
 * a room's refusal (a banned player) is left to `PUT /api/games/` to say, and the answer is still given.
 */
export async function embeddedCurrentGame(
  env: Env,
  db: Database,
  player: PlayerRow,
  asked: string | undefined,
): Promise<GameResource | undefined> {
  if (asked !== CURRENT_GAME_EMBED) return undefined;
  const result = await currentGame(env, db, player);
  return result.ok ? result.game : undefined;
}
