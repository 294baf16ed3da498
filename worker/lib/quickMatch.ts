import type { ClashResource } from '../../contract/clashes';
import { QUICK_MATCH_TURN_SECONDS } from '../../contract/clashRules';
import type { Joiner, Pairing, QueueEntry } from '../../durable-objects/quickMatchRecord';
import { PRESETS } from '../../game/rules';
import type { Database } from '../db/client';
import { AppError } from './errors';
import { notify } from './notify';
import { openClash } from './openClash';
import { clashRoom } from '../rooms';

// Typed through the global Cloudflare.Env, not worker/env: the quick-match room pairs through here, and
// env.ts names every room class.
type Env = Cloudflare.Env;

/** What a pairing asks of the queue: the queue object itself, or its stub from a route. */
export interface PairingQueue {
  /** The clash was opened through D1: the two players' seats name it. */
  opened(playerIds: number[], clashId: number): unknown;
  /** The clash could not be opened: the partner goes back as they were, neither is seated. */
  putBack(entry: QueueEntry, callerId?: number): unknown;
}

/**
 * The caller met the partner, who waited: a started 2-player clash of the preset both asked for, with the
 * quick match's clock, the one
 * who waited first, opened with the ids the queue reserved (no D1 on the way to the players) or, with
 * none left, through D1. Should it fail, the partner goes back to the queue as they were. The answer is
 * the clash as the partner (its owner) sees it.
 */
export async function openQuickMatch(
  env: Pick<Env, 'CLASH_ROOM'>,
  db: Database,
  queue: PairingQueue,
  caller: Joiner,
  { matched: partner, reserved }: Pairing,
): Promise<ClashResource> {
  try {
    const opened = await openClash(env, db, {
      name: `${partner.player.name} – ${caller.player.name}`,
      owner: { id: partner.player.id, name: partner.player.name },
      players: [partner.player, caller.player],
      turnSeconds: QUICK_MATCH_TURN_SECONDS,
      // The queue paired them because they asked for the same preset.
      rules: PRESETS[caller.preset],
      quickMatch: true,
      reserved,
    });
    if (!opened.ok) throw new AppError(opened.status, opened.key);
    if (!reserved) await queue.opened([partner.playerId, caller.player.id], opened.clash.id);
    return opened.clash;
  } catch (error) {
    await queue.putBack(partner, caller.player.id);
    throw error;
  }
}

/** The one who waited hears of the match on the bell too (their tabs have MATCHED already). */
export function tellMatched(
  env: Pick<Env, 'PRESENCE'>,
  db: Database,
  waitedId: number,
  caller: Joiner,
  clashId: number,
): Promise<void> {
  return notify(env, db, {
    playerId: waitedId,
    kind: 'quick-match-found',
    params: { player: caller.player.name, rating: String(caller.rating) },
    link: `/clashes/${clashId}`,
  });
}

/**
 * Whether the player still plays in the quick match `clashId` the queue seated them in: its room (the truth;
 * D1 may not have a just-paired clash yet) has it in progress, with them not out of it, or does not hold it
 * yet while the clash may still be `opening` (QuickMatch.ts `join`).
 */
export async function stillSeated(
  env: Pick<Env, 'CLASH_ROOM'>,
  playerId: number,
  clashId: number,
  opening: boolean,
): Promise<boolean> {
  const held = await clashRoom(env, clashId).get(playerId);
  if (!held.ok) return held.status === 404 && opening;
  const me = held.clash.players.find((p) => p.id === playerId);
  return held.clash.status === 'IN_PROGRESS' && me !== undefined && !me.forfeited;
}
