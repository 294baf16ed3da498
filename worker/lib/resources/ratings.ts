import type { PlayerRef } from '../../../contract/players';
import {
  type HeadToHead,
  type HeadToHeadClash,
  type RatingChange,
  type RatingEntry,
  ratingOf,
  ratingValue,
} from '../../../contract/ratings';
import type { PresetName } from '../../../game/rules';
import type { RatingChangeRow } from '../../db/schema';
import { links } from '../hal';
import { clashPath } from './clashes';
import { playerPath } from './player';

/** A row of the rating tab. */
export const toRatingEntry = (row: {
  id: number;
  name: string;
  preset: PresetName;
  mu: number;
  clashes: number;
}): RatingEntry => ({
  player: { id: row.id, name: row.name },
  preset: row.preset,
  ...ratingOf(row.mu, row.clashes),
  _links: links({ player: playerPath(row.id) }),
});

/** One rated clash of a player's history, in displayed values. */
export const toRatingChange = (row: RatingChangeRow): RatingChange => ({
  clash: { id: row.clashId },
  preset: row.preset,
  place: row.place,
  before: ratingValue(row.muBefore),
  after: ratingValue(row.muAfter),
  createdAt: new Date(row.createdAt).toISOString(),
  _links: links({ clash: clashPath(row.clashId) }),
});

/** The viewer's record against `player` (db/ratings.ts `headToHead` counted it). */
export function toHeadToHead(
  player: PlayerRef,
  record: {
    wins: number;
    losses: number;
    ties: number;
    last: { id: number; name: string; completedAt: number; mine: number | null; theirs: number | null }[];
  },
): HeadToHead {
  const result = (mine: number, theirs: number): HeadToHeadClash['result'] =>
    mine < theirs ? 'WIN' : mine > theirs ? 'LOSS' : 'TIE';
  return {
    player,
    wins: record.wins,
    losses: record.losses,
    ties: record.ties,
    last: record.last.map((row) => ({
      clash: { id: row.id, name: row.name },
      result: result(row.mine ?? 0, row.theirs ?? 0),
      completedAt: new Date(row.completedAt).toISOString(),
      _links: links({ clash: clashPath(row.id) }),
    })),
  };
}
