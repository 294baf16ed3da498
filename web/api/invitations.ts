import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invitations, PlayerResource } from '../../contract/players';
import { usePreferences } from '../preferences';
import { readPreferences, saveInvitations } from './account';
import { ApiError } from './client';

// Who may invite the signed-in player to a clash: an account's preference that only the server
// keeps, unlike theme, language and dice speed (api/serverPreferences.ts), so the settings screen asks for it.

const invitationsKey = (playerId: number) => ['preferences', 'invitations', playerId] as const;

/** The player's choice; an account with no preferences stored yet takes invitations from anyone. */
export function useInvitations(player: PlayerResource) {
  return useQuery({
    queryKey: invitationsKey(player.id),
    queryFn: async (): Promise<Invitations> => {
      try {
        return (await readPreferences(player)).invitations;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return 'everyone';
        throw error;
      }
    },
  });
}

/** Saves the choice; the cache takes the server's answer. */
export function useSaveInvitations(player: PlayerResource) {
  const client = useQueryClient();
  const { theme, language, diceSpeed } = usePreferences();
  return useMutation({
    mutationFn: (invitations: Invitations) =>
      saveInvitations(player, { theme, language, diceSpeed }, invitations),
    onSuccess: (saved) => client.setQueryData(invitationsKey(player.id), saved.invitations),
  });
}
