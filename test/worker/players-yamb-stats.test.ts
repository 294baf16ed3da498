import { describe, expect, it } from 'vitest';
import type { PlayerYambStats } from '../../contract/players';
import { columnSums } from '../../game';
import { call, json, registerGuest } from './helpers';
import { currentGame, guestWithGame, playTurn, toState } from './games-helpers';

// A player's Yamb figures on their page (issue 25 item 27): computed on the server from the sheets of their
// finished games, which live in the games' rooms.

const statsOf = async (playerId: number) => {
  const response = await call(`/players/${playerId}/yamb-stats`);
  expect(response.status).toBe(200);
  return json<PlayerYambStats>(response);
};

describe("a player's Yamb figures (GET /api/players/{id}/yamb-stats)", () => {
  it('are those of the finished sheet, read from its room; a game in progress does not count', async () => {
    const guest = await guestWithGame();
    let game = guest.game;
    for (let turn = 0; turn < 52 && game.status !== 'COMPLETED'; turn++) game = await playTurn(guest, game);
    expect(game.status).toBe('COMPLETED');
    // The next game, one turn in: in progress.
    const archived = await call(`/games/${game.id}/archive`, { method: 'PUT', jar: guest.jar, body: {} });
    expect(archived.status).toBe(200);
    await playTurn(guest, await currentGame(guest));

    const sheet = toState(game).sheet;
    const stats = await statsOf(guest.player.id);
    expect(stats.games).toBe(1);
    for (const column of sheet.columns)
      expect(stats.columnAverages[column.type]).toBe(columnSums(column).total);
    expect(Object.values(stats.columnAverages).reduce((a, b) => a + b, 0)).toBe(game.totalSum);
    const yambs = sheet.columns.filter((c) => (c.boxes.find((b) => b.type === 'YAMB')?.value ?? 0) > 0);
    expect(stats.yambs).toBe(yambs.length);
    const bonuses = sheet.columns.filter((c) => columnSums(c).bonus > 0).length;
    expect(stats.bonusRate).toBe(Math.round((bonuses / 4) * 1000) / 1000);
    const best = Math.max(...Object.values(stats.columnAverages));
    expect(stats.columnAverages[stats.bestColumn!]).toBe(best);
  });

  it('are empty for a player without a finished game, and 404 for no player', async () => {
    const guest = await registerGuest();
    expect(await statsOf(guest.player.id)).toMatchObject({ games: 0, yambs: 0, bestColumn: null });
    expect((await call('/players/999999/yamb-stats')).status).toBe(404);
  });
});
