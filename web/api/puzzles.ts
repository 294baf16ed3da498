import type { GamePuzzles, PlayerPuzzles, PuzzleRunMode } from '../../contract/puzzles';
import { api, ApiError } from './client';

// Puzzles (issue 30): a registered player's results on the server (a guest's stay in the browser:
// components/puzzles/localResults.ts), and the positions from reviewed games.

export const puzzleKeys = {
  mine: (playerId: number) => ['puzzles', 'mine', playerId] as const,
};

export const fetchMyPuzzles = (signal?: AbortSignal) => api<PlayerPuzzles>('/players/me/puzzles', { signal });

/** The day's answer; the first counts, so a second one (from another tab) is no failure. */
export async function putDailyPuzzle(day: string, solved: boolean) {
  try {
    await api(`/puzzles/daily/${day}`, { method: 'PUT', body: { solved } });
  } catch (error) {
    if (!(error instanceof ApiError && error.key === 'puzzle-day-answered')) throw error;
  }
}

export const postPuzzleRun = (mode: PuzzleRunMode, score: number) =>
  api('/puzzle-runs/', { method: 'POST', body: { mode, score } });

/** Positions from reviewed games after `after` (the browser checks each one's margin before showing it). */
export const gamePuzzles = (after: number) => api<GamePuzzles>(`/puzzles/from-games?after=${after}`);
