import { clashRules, memberOf } from '../game';
import { database } from '../worker/db/client';
import { AppError } from '../worker/lib/errors';
import { refuseInvitations } from '../worker/lib/invitations';
import { notify } from '../worker/lib/notify';
import { openClash } from '../worker/lib/openClash';
import { clashRoom } from '../worker/rooms';
import {
  type ClashRecord,
  type ClashRefused,
  type ClashResult,
  type NewClashPlayer,
  refuseClash,
} from './clashRecord';

// A completed clash's rematch, for ClashRoom: a new clash of the same players, rules and clock, proposed by
// one of them (who accepts at once) to the others (invited, told `rematch-proposed`). The old clash's record
// remembers the rematch's id, and the room makes one rematch at a time: two players pressing at once get the
// same one.

/** Why `playerId` may not propose a rematch of the clash, or null when they may. */
export function refuseRematch(record: ClashRecord | null, playerId: number): ClashRefused | null {
  if (!record) return refuseClash(404, 'clash-not-found');
  if (!memberOf(record.clash, playerId)) return refuseClash(403, 'not-clash-member');
  if (record.clash.status !== 'COMPLETED') return refuseClash(409, 'clash-not-completed');
  return null;
}

/** The players of the rematch in turn order: the proposer first, the others as they played. */
function rematchOrder(record: ClashRecord, proposerId: number, players: NewClashPlayer[]): NewClashPlayer[] {
  const ids = [proposerId, ...record.clash.players.map((p) => p.id).filter((id) => id !== proposerId)];
  return ids.map((id) => {
    const player = players.find((p) => p.id === id);
    if (!player) throw new AppError(409, 'clash-players-invalid');
    return player;
  });
}

export interface RematchHost {
  env: Cloudflare.Env;
  load: () => ClashRecord | null;
  /** Stores the rematch's id in the clash's record and tells its open sockets. */
  remember: (record: ClashRecord, rematchId: number) => void;
  log: (what: string, error: unknown) => void;
}

export class ClashRematch {
  /** The rematch being opened: a second proposal meanwhile waits for it rather than making another. */
  #opening: Promise<ClashResult> | null = null;

  constructor(private readonly host: RematchHost) {}

  /**
   * The rematch as the proposer sees it: the one proposed already (unless it was cancelled: then a new one),
   * or a new one. `players` are the clash's players as D1 has them now (registered, not banned).
   */
  async propose(proposerId: number, players: NewClashPlayer[]): Promise<ClashResult> {
    const refused = refuseRematch(this.host.load(), proposerId);
    if (refused) return refused;
    if (this.#opening) await this.#opening.catch(() => null);
    const known = await this.#known(proposerId);
    if (known) return known;
    const opening = this.#open(proposerId, players);
    this.#opening = opening;
    try {
      return await opening;
    } finally {
      if (this.#opening === opening) this.#opening = null;
    }
  }

  /** The rematch proposed already, as `viewerId` sees it, while it is not cancelled. */
  async #known(viewerId: number): Promise<ClashResult | null> {
    const id = this.host.load()?.clash.rematchId;
    if (!id) return null;
    const held = await clashRoom(this.host.env, id).get(viewerId);
    return held.ok && held.clash.status !== 'CANCELLED' ? held : null;
  }

  async #open(proposerId: number, players: NewClashPlayer[]): Promise<ClashResult> {
    const record = this.host.load();
    if (!record) return refuseClash(404, 'clash-not-found');
    const { env } = this.host;
    const db = database(env.DB);
    const proposer = memberOf(record.clash, proposerId);
    try {
      const order = rematchOrder(record, proposerId, players);
      await refuseInvitations(env.DB, proposerId, order, null);
      const opened = await openClash(env, db, {
        name: record.clash.name,
        owner: { id: proposerId, name: proposer?.name ?? '' },
        players: order,
        turnSeconds: record.clash.turnSeconds ?? null,
        rules: clashRules(record.clash),
        quickMatch: false,
        origin: 'rematch',
      });
      if (!opened.ok) return opened;
      const now = this.host.load();
      if (now) this.host.remember(now, opened.clash.id);
      for (const p of order.filter((p) => p.id !== proposerId && !p.bot))
        notify(env, db, {
          playerId: p.id,
          kind: 'rematch-proposed',
          params: { player: proposer?.name ?? '', clash: opened.clash.name },
          link: `/clashes/${opened.clash.id}`,
        }).catch((error: unknown) => this.host.log('notify-rematch', error));
      return opened;
    } catch (error) {
      // An error thrown across RPC loses its key: the refusal travels as a value.
      if (error instanceof AppError) return refuseClash(error.status as ClashRefused['status'], error.key);
      throw error;
    }
  }
}
