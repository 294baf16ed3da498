import type { NewGame, RoomResult } from '../../durable-objects/gameRecord';
import type { GameResource } from '../../contract/games';
import { CURRENT_GAME_EMBED } from '../../contract/players';
import { accessOf } from '../auth/access';
import type { Database } from '../db/client';
import { currentSoloGame } from '../db/games';
import type { PlayerRow } from '../db/schema';
import type { Env } from '../env';
import { gameRoom } from '../rooms';

/**
 * The player's current solo game (db/games.ts `currentSoloGame`), its room created when it has none yet:
 * what `PUT /api/games/` answers, and what the session probe and the guest registration embed when the
 * play screen asks (issue 26: the first roll waits on no request of its own).
 */
export async function currentGame(env: Env, db: Database, player: PlayerRow): Promise<RoomResult> {
  const row = await currentSoloGame(db, player.id);
  // The room may not exist yet (or a previous attempt died between the insert and here): create is idempotent.
  const init: NewGame = {
    id: row.id,
    playerId: player.id,
    playerName: player.name,
    createdAt: row.createdAt,
    access: accessOf(player),
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
