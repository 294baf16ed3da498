import type { DailyPuzzleResult, PlayerPuzzles, PuzzleRunMode } from '../../../contract/puzzles';
import { dailyStreaks, RECENT_DAYS } from '../../../contract/puzzles';
import { readStorage, writeStorage } from '../../storage';

// A guest's puzzle results stay in the browser (the server keeps a registered player's): the same figures
// as GET /api/players/me/puzzles, from local storage. The keys live here, with the only code that reads
// them, rather than in storage.ts's list, which is part of the first load.
const RESULTS_KEY = 'puzzles';
const AFTER_KEY = 'puzzlesAfter';

interface Stored {
  days: DailyPuzzleResult[];
  bestStreak: number;
  bestStorm: number;
}

function stored(): Stored {
  try {
    const value = JSON.parse(readStorage(RESULTS_KEY) ?? 'null') as Partial<Stored> | null;
    return {
      days: Array.isArray(value?.days) ? value.days : [],
      bestStreak: Number(value?.bestStreak) || 0,
      bestStorm: Number(value?.bestStorm) || 0,
    };
  } catch {
    return { days: [], bestStreak: 0, bestStorm: 0 };
  }
}

export function localPuzzles(today: string): PlayerPuzzles {
  const { days, bestStreak, bestStorm } = stored();
  const streaks = dailyStreaks(days, today);
  return {
    days: days.slice(0, RECENT_DAYS),
    dailyStreak: streaks.current,
    bestDailyStreak: streaks.best,
    bestStreak,
    bestStorm,
  };
}

/** The day's answer, kept once: the first counts, as on the server. */
export function saveLocalDaily(day: string, solved: boolean) {
  const now = stored();
  if (now.days.some((d) => d.day === day)) return;
  const days = [{ day, solved }, ...now.days].sort((a, b) => (a.day < b.day ? 1 : -1));
  writeStorage(RESULTS_KEY, JSON.stringify({ ...now, days }));
}

export function saveLocalRun(mode: PuzzleRunMode, score: number) {
  const now = stored();
  const best = mode === 'STREAK' ? { bestStreak: Math.max(now.bestStreak, score) } : {};
  const storm = mode === 'STORM' ? { bestStorm: Math.max(now.bestStorm, score) } : {};
  writeStorage(RESULTS_KEY, JSON.stringify({ ...now, ...best, ...storm }));
}

/** The id of the last puzzle from a game this browser was given: the next ones come after it. */
export const puzzlesAfter = () => Number(readStorage(AFTER_KEY)) || 0;
export const savePuzzlesAfter = (id: number) => writeStorage(AFTER_KEY, String(id));
