import type { ClashLogEntry } from '../contract/clashes';
import { type BlockPair, blocksAmong } from '../worker/db/blocks';
import type { Database } from '../worker/db/client';

// Blocks among a clash's members (issue 29): a reaction or suggestion by a player reaches no member who
// blocks them, live or in the log. The room reads the blocks from D1 on the first thing said, keeps them
// in its storage, and reads them again when the Worker says a block between two members changed
// (worker/routes/friends.ts: ClashRoom `blocksChanged`).

const BLOCKS_KEY = 'blocks';
const NOBODY: ReadonlySet<number> = new Set();

export class ClashBlocks {
  constructor(
    private readonly kv: SyncKvStorage,
    private readonly db: () => Database,
  ) {}

  /** The blocks held, or null when none were read yet. */
  held(): BlockPair[] | null {
    return this.kv.get<BlockPair[]>(BLOCKS_KEY) ?? null;
  }

  /** The blocks among `memberIds`: those held, else read from D1 and kept. */
  async load(memberIds: readonly number[]): Promise<BlockPair[]> {
    return this.held() ?? this.refresh(memberIds);
  }

  /** Reads the blocks among `memberIds` from D1 again and keeps them. */
  async refresh(memberIds: readonly number[]): Promise<BlockPair[]> {
    const pairs = await blocksAmong(this.db(), memberIds);
    this.kv.put(BLOCKS_KEY, pairs);
    return pairs;
  }
}

/** The members who do not hear `senderId`: those who block them. */
export function deafTo(pairs: readonly BlockPair[] | null, senderId: number): ReadonlySet<number> {
  const deaf = (pairs ?? []).filter((pair) => pair.blockedId === senderId).map((pair) => pair.blockerId);
  return deaf.length ? new Set(deaf) : NOBODY;
}

/** The log as `viewerId` reads it: no reaction or suggestion by a player they block. */
export function logFor(
  entries: ClashLogEntry[],
  pairs: readonly BlockPair[] | null,
  viewerId: number | null,
): ClashLogEntry[] {
  if (viewerId === null || !pairs?.length) return entries;
  const blocked = new Set(pairs.filter((pair) => pair.blockerId === viewerId).map((pair) => pair.blockedId));
  if (!blocked.size) return entries;
  return entries.filter(
    (entry) => !(entry.kind === 'REACTION' || entry.kind === 'SUGGESTION') || !blocked.has(entry.playerId),
  );
}
