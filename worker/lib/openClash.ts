import type { TurnSeconds } from '../../contract/clashes';
import type { PlayerRef } from '../../contract/players';
import type { ClashOrigin, ClashResult, NewClash, NewClashPlayer } from '../../durable-objects/clashRecord';
import type { ReservedClashIds } from '../../durable-objects/quickMatchRecord';
import { deleteClashRows, insertClash } from '../db/clashes';
import type { Database } from '../db/client';
import { clashRoom } from '../rooms';
import { acceptsAtOnce, allAccept, type RuleSet } from '../../game';

// Typed through the global Cloudflare.Env, not worker/env: the quick-match room opens its clashes through
// here, and env.ts names every room class.
type Env = Cloudflare.Env;

export interface ClashToOpen {
  name: string;
  owner: PlayerRef;
  /** In turn order, the owner first. */
  players: NewClashPlayer[];
  turnSeconds: TurnSeconds | null;
  /** The rule set of every game of the clash. */
  rules: RuleSet;
  /** Paired by the quick-match queue: both players have accepted already. */
  quickMatch: boolean;
  /** Ids the queue reserved for it: the room starts it at once and writes its rows itself. */
  reserved?: ReservedClashIds | null;
  /** Opened by a challenge link (everyone accepted) or proposed as a rematch (clashRecord.ts `ClashOrigin`). */
  origin?: ClashOrigin;
}

const roomInit = (open: ClashToOpen, id: number, createdAt: number): NewClash => ({
  id,
  name: open.name,
  owner: open.owner,
  players: open.players,
  createdAt,
  turnSeconds: open.turnSeconds,
  rules: open.rules,
  quickMatch: open.quickMatch,
  origin: open.origin,
});

/**
 * The one way a clash comes to be (the create form, the quick-match queue): its D1 rows first, then its
 * room, which holds it from then on; or, with ids reserved, the room alone, which inserts the rows. The
 * owner, the bot and quick-matched players have accepted at once.
 */
export async function openClash(
  env: Pick<Env, 'CLASH_ROOM'>,
  db: Database,
  open: ClashToOpen,
): Promise<ClashResult> {
  const createdAt = Date.now();
  if (open.reserved) {
    const { clashId, gameIds } = open.reserved;
    return clashRoom(env, clashId).create({
      ...roomInit(open, clashId, createdAt),
      gameIds,
    });
  }
  const row = await insertClash(db, {
    name: open.name,
    ownerId: open.owner.id,
    rules: open.rules,
    turnSeconds: open.turnSeconds,
    players: open.players.map((p) => ({
      id: p.id,
      status: acceptsAtOnce(p, open.owner.id, allAccept(open)) ? 'ACCEPTED' : 'PENDING',
    })),
    createdAt,
  });
  try {
    return await clashRoom(env, row.id).create(roomInit(open, row.id, createdAt));
  } catch (error) {
    // A row without its room would be a clash nobody can open: the rows go, the caller may try again.
    await deleteClashRows(db, row.id);
    throw error;
  }
}
