import { pageQuery } from './page';
import type { Links } from './links';
import type { Rating } from './ratings';

// Friends (issue 29): a registered player follows others (one way, no acceptance, like lichess), may
// remove their followers, and blocks players, who then cannot challenge, follow or talk to them.
//
//   PUT/DELETE /api/players/{id}/follow        follow, unfollow (idempotent): 200 Relation
//   PUT/DELETE /api/players/{id}/block         block (also ends both follows), unblock: 200 Relation
//   GET        /api/players/{id}/relation      the signed-in player's relation to player {id}
//   GET        /api/players/me/following       the followed players, with online state and current clash
//   GET        /api/players/me/followers       who follows the signed-in player
//   DELETE     /api/players/me/followers/{id}  removes a follower: 204
//   GET        /api/players/me/blocks          the blocked players

export type FriendLinkName = 'player' | 'unfollow' | 'remove' | 'unblock' | 'clash';

/** A player in one of the friends lists: who they are, and since when they are on the list. */
export interface FriendPlayer {
  id: number;
  name: string;
  avatar: { url: string } | null;
  /** The CLASSIC clash rating; null for guests and the bot, who are never rated. */
  rating: Rating | null;
  /** When the follow or block was made (ISO). */
  since: string;
  _links: Links<FriendLinkName>;
}

/**
 * A followed player: also whether they are online now (a tab open: the Presence shards, worker/rooms.ts
 * `onlineAmong`) and the clash they are playing now (a started clash, IN_PROGRESS in the D1 index), if any.
 */
export interface FollowedPlayer extends FriendPlayer {
  online: boolean;
  clashId: number | null;
}

export type RelationLinkName = 'follow' | 'unfollow' | 'block' | 'unblock';

/**
 * How the signed-in player stands to another: whether they follow them, are followed by them, block them.
 * The links say what they may do now (no `follow` for a guest, for themselves, or for someone who blocks
 * them; follow and unfollow share the path, block and unblock too).
 */
export interface Relation {
  following: boolean;
  followsYou: boolean;
  blocking: boolean;
  _links: Links<RelationLinkName>;
}

/** The sorts of the friends lists: when the follow or block was made, or by name. */
export const FRIEND_SORTS = ['since', 'name'] as const;
export type FriendSort = (typeof FRIEND_SORTS)[number];
export const FriendsQuery = pageQuery(FRIEND_SORTS, 'since');
