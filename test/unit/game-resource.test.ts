import { describe, expect, it } from 'vitest';
import { newGame } from '../../game';
import type { GameMeta } from '../../durable-objects/gameRecord';
import { toClashGameResource, toGameResource } from '../../worker/lib/resources/game';
import { PLAYER, rolled } from './game-helpers';

// A clash game's resource names its clash, and so do the moves its player follows: the route reaches the
// clash's room from the link alone, with no D1 lookup of the game (worker/routes/games.ts).

const at = Date.parse('2026-01-01T10:00:00.000Z');
const meta: GameMeta = { id: 7, player: PLAYER, archived: false, createdAt: at, updatedAt: at };

describe('the game resource of a clash game', () => {
  it('carries its clash id, and its player on turn gets move links that name the clash', () => {
    const game = toClashGameResource(rolled(newGame('CLASH')), meta, PLAYER.id, { clashId: 3, onTurn: true });
    expect(game.clashId).toBe(3);
    expect(game._links.self).toEqual({ href: '/api/games/7' });
    const moves = Object.entries(game._links).filter(([name]) => name !== 'self');
    expect(moves.map(([name]) => name)).toEqual(expect.arrayContaining(['roll', 'fill']));
    for (const [name, link] of moves) expect(link?.href).toBe(`/api/games/7/${name}?clash=3`);
  });

  it('names its clash to a watcher and to its player waiting for their turn, who get no moves', () => {
    for (const [viewer, onTurn] of [
      [null, true],
      [99, true],
      [PLAYER.id, false],
    ] as const) {
      const game = toClashGameResource(newGame('CLASH'), meta, viewer, { clashId: 3, onTurn });
      expect(game.clashId).toBe(3);
      expect(game._links).toEqual({ self: { href: '/api/games/7' } });
    }
  });
});

describe('the game resource of a solo game', () => {
  it('names no clash, and its links are the plain paths', () => {
    const game = toGameResource(newGame(), meta, PLAYER.id);
    expect('clashId' in game).toBe(false);
    expect(game._links.roll).toEqual({ href: '/api/games/7/roll' });
  });
});
