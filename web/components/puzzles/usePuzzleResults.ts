import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dayOf } from '../../../contract/days';
import type { DailyPuzzleResult, PuzzleRunMode } from '../../../contract/puzzles';
import type { PlayerResource } from '../../../contract/players';
import { fetchMyPuzzles, postPuzzleRun, putDailyPuzzle, puzzleKeys } from '../../api/puzzles';
import { localPuzzles, saveLocalDaily, saveLocalRun } from './localResults';

const registered = (player: PlayerResource | null) => player !== null && !player.guest;

/** The player's puzzle results: the server's for a registered player, the browser's for a guest. */
export function useMyPuzzles(player: PlayerResource | null) {
  return useQuery({
    queryKey: puzzleKeys.mine(player?.id ?? 0),
    queryFn: ({ signal }) =>
      registered(player) ? fetchMyPuzzles(signal) : Promise.resolve(localPuzzles(dayOf(Date.now()))),
  });
}

/** Keeps the day's answer where the player's results are kept. */
export function useAnswerDaily(player: PlayerResource | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ day, solved }: DailyPuzzleResult) =>
      registered(player) ? putDailyPuzzle(day, solved) : saveLocalDaily(day, solved),
    onSettled: () => client.invalidateQueries({ queryKey: puzzleKeys.mine(player?.id ?? 0) }),
  });
}

/** Keeps a finished streak or storm run. */
export function useSaveRun(player: PlayerResource | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ mode, score }: { mode: PuzzleRunMode; score: number }) => {
      if (registered(player)) await postPuzzleRun(mode, score);
      else saveLocalRun(mode, score);
    },
    onSettled: () => client.invalidateQueries({ queryKey: puzzleKeys.mine(player?.id ?? 0) }),
  });
}
