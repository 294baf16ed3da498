// The puzzles' own worker: a puzzle is made by advisor self-play (game/puzzles.ts, a tenth of a second to
// half a second), and a decision judged by the advisor; off the main thread, and the advisor's code and
// dice tables reach a browser only with the puzzles screen. Storm mode asks for the next puzzle while the
// player still thinks about this one.
import type { Decision } from '../../../game/advisor';
import { clearlyBest, judge, type Judgement, type Puzzle, puzzleFromSeed } from '../../../game/puzzles';
import type { Position } from '../../../game/replay';

export type PuzzleQuestion =
  | { kind: 'seed'; seed: string }
  | { kind: 'check'; position: Position }
  | { kind: 'judge'; position: Position; decision: Decision };

export type PuzzleRequest = PuzzleQuestion & { id: number };

export type PuzzleAnswer =
  | { id: number; puzzle: Puzzle }
  | { id: number; clear: boolean }
  | { id: number; judgement: Judgement }
  | { id: number; error: string };

function answerOf(request: PuzzleRequest): PuzzleAnswer {
  switch (request.kind) {
    case 'seed':
      return { id: request.id, puzzle: puzzleFromSeed(request.seed) };
    case 'check':
      return { id: request.id, clear: clearlyBest(request.position) !== null };
    case 'judge':
      return { id: request.id, judgement: judge(request.position, request.decision) };
  }
}

addEventListener('message', (event: MessageEvent<PuzzleRequest>) => {
  let answer: PuzzleAnswer;
  try {
    answer = answerOf(event.data);
  } catch (error) {
    answer = { id: event.data.id, error: error instanceof Error ? error.message : String(error) };
  }
  postMessage(answer);
});
