import { DurableObject } from 'cloudflare:workers';
import { type ActivePlayer, type ActivePlayersQuery, byName } from '../contract/presence';

/** One online player as the list keeps them: the Presence shard that holds their channels beside them. */
interface Entry {
  player: ActivePlayer;
  shard: string;
}

/** What a shard tells the list: the players whose first channel opened, and those whose last one closed. */
export interface ShardChanges {
  joined: ActivePlayer[];
  left: number[];
}

const entryKey = (playerId: number) => `player-${playerId}`;
const ENTRY_PREFIX = 'player-';

/**
 * Who is online, for everyone: the fan-in of the Presence shards (docs/scale.md). Each shard reports its
 * own players' comings and goings (one call each, however many are online), and now and then its whole
 * list, which replaces what the list held of that shard (a shard that restarted before reporting a leave
 * cannot leave a player listed for long). Screens ask for the part they show: a count, a page by name, a
 * search, or which of a few players are online. The entries are stored, so an evicted list wakes whole.
 */
export class OnlineList extends DurableObject<Cloudflare.Env> {
  #entries: Map<number, Entry> | null = null;
  #sorted: ActivePlayer[] | null = null;
  /** Calls from the shards since this object started: what bench/load.mjs counts per join. */
  #reports = 0;

  /** Applies one shard's changes. */
  report(shard: string, changes: ShardChanges): void {
    this.#reports += 1;
    const entries = this.#all();
    for (const player of changes.joined) this.#put(entries, { player, shard });
    for (const id of changes.left) if (entries.get(id)?.shard === shard) this.#delete(entries, id);
  }

  /** Replaces everything held of `shard` with its `players`. */
  replace(shard: string, players: ActivePlayer[]): void {
    this.#reports += 1;
    const entries = this.#all();
    const now = new Set(players.map((player) => player.id));
    for (const [id, entry] of entries) if (entry.shard === shard && !now.has(id)) this.#delete(entries, id);
    for (const player of players) this.#put(entries, { player, shard });
  }

  /** The count of online players, and the first `limit` by name whose name holds `q` (all when empty). */
  page({ q, limit }: Pick<ActivePlayersQuery, 'q' | 'limit'>): { count: number; players: ActivePlayer[] } {
    const entries = this.#all();
    const needle = q.toLocaleLowerCase('en');
    const sorted = (this.#sorted ??= [...entries.values()].map((entry) => entry.player).sort(byName));
    const found = needle
      ? sorted.filter((player) => player.name.toLocaleLowerCase('en').includes(needle))
      : sorted;
    return { count: entries.size, players: found.slice(0, limit) };
  }

  /** How many shard calls this object has taken since it started (development: bench/load.mjs). */
  reports(): number {
    return this.#reports;
  }

  #all(): Map<number, Entry> {
    if (this.#entries) return this.#entries;
    const entries = new Map<number, Entry>();
    for (const [, entry] of this.ctx.storage.kv.list<Entry>({ prefix: ENTRY_PREFIX }))
      entries.set(entry.player.id, entry);
    return (this.#entries = entries);
  }

  #put(entries: Map<number, Entry>, entry: Entry) {
    const held = entries.get(entry.player.id);
    if (held && held.shard === entry.shard && JSON.stringify(held.player) === JSON.stringify(entry.player))
      return;
    entries.set(entry.player.id, entry);
    this.ctx.storage.kv.put(entryKey(entry.player.id), entry);
    this.#sorted = null;
  }

  #delete(entries: Map<number, Entry>, id: number) {
    entries.delete(id);
    this.ctx.storage.kv.delete(entryKey(id));
    this.#sorted = null;
  }
}
