import type { PlayerResource } from '../../../contract/players';

/**
 * What admins see on a player's page: the player's games, clashes and logs, each collapsible, with
 * delete buttons that ask first. (A placeholder until the admin screens land.)
 */
export function PlayerAdminSections(_props: { player: PlayerResource }) {
  return null;
}
