import type { GamePuzzle } from '../../../contract/puzzles';
import type { Position } from '../../../game/replay';
import { gamePuzzles } from '../../api/puzzles';
import { puzzlesAfter, savePuzzlesAfter } from './localResults';
import { isClear, puzzleOf } from './puzzleWorker';

export interface ShownPuzzle {
  /** `game-<id>` for a position from a reviewed game, else the seed it was made from. */
  key: string;
  position: Position;
}

/** How many puzzles are made ahead: the next one is ready when the player answers this one. */
const AHEAD = 2;

const randomSeed = () => `run:${crypto.getRandomValues(new Uint32Array(2)).join('-')}`;

/**
 * The puzzles of a streak or a storm, made ahead in the worker while the player thinks: first the positions
 * from reviewed games this browser has not been given yet (each checked for its margin, a position that
 * fails is skipped), then positions made from random seeds.
 */
export class PuzzleSupply {
  #fromGames: Promise<GamePuzzle[]>;
  #ready: Promise<ShownPuzzle>[] = [];

  constructor() {
    // Without the server (offline, a failed answer) the seeds alone make the run.
    this.#fromGames = gamePuzzles(puzzlesAfter())
      .then((page) => page.puzzles)
      .catch(() => []);
    this.#fill();
  }

  next(): Promise<ShownPuzzle> {
    const first = this.#ready.shift() ?? this.#make();
    this.#fill();
    return first;
  }

  #fill() {
    while (this.#ready.length < AHEAD) this.#ready.push(this.#make());
  }

  // Each call takes its game position synchronously after the list arrives, so two makes never share one.
  async #make(): Promise<ShownPuzzle> {
    const games = await this.#fromGames;
    for (let game = games.shift(); game; game = games.shift()) {
      savePuzzlesAfter(game.id);
      if (await isClear(game.position)) return { key: `game-${game.id}`, position: game.position };
    }
    const seed = randomSeed();
    return { key: seed, position: (await puzzleOf(seed)).position };
  }
}
