import { env } from 'cloudflare:test';
import { expect } from 'vitest';

export interface LogRowSeen {
  id: number;
  player_id: number | null;
  level: string;
  message: string;
  data: string | null;
}

/**
 * The log rows of `message` for the player (null: rows without one), waiting for them: a row is written
 * after the answer (waitUntil), so it may land a moment after the response.
 */
export async function logRows(message: string, playerId: number | null, atLeast = 1): Promise<LogRowSeen[]> {
  const query =
    playerId === null
      ? env.DB.prepare('SELECT * FROM logs WHERE message = ? AND player_id IS NULL ORDER BY id').bind(message)
      : env.DB.prepare('SELECT * FROM logs WHERE message = ? AND player_id = ? ORDER BY id').bind(
          message,
          playerId,
        );
  for (let attempt = 0; attempt < 50; attempt++) {
    const { results } = await query.all<LogRowSeen>();
    if (results.length >= atLeast) return results;
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  expect.fail(`no ${atLeast} log row(s) "${message}" for player ${playerId}`);
}
