import type { Decision } from '../../../game/advisor';
import type { Judgement, Puzzle } from '../../../game/puzzles';
import type { Position } from '../../../game/replay';
import type { PuzzleAnswer, PuzzleQuestion, PuzzleRequest } from './puzzle.worker';

// The page's one puzzle worker, started with the puzzles screen; its answers come back in order, each
// matched to its request by id.

type Waiting = { resolve: (answer: PuzzleAnswer) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
let lastId = 0;
const waiting = new Map<number, Waiting>();

function started(): Worker {
  if (worker) return worker;
  const next = new Worker(new URL('./puzzle.worker.ts', import.meta.url), { type: 'module' });
  next.addEventListener('message', (event: MessageEvent<PuzzleAnswer>) => {
    const request = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    if ('error' in event.data) request?.reject(new Error(event.data.error));
    else request?.resolve(event.data);
  });
  // A worker that fails to load (a new build deployed under an open tab) is dropped: the next request
  // starts one from the current build's address.
  next.addEventListener('error', (event) => {
    event.preventDefault();
    for (const request of waiting.values()) request.reject(new Error(event.message));
    waiting.clear();
    next.terminate();
    worker = null;
  });
  worker = next;
  return next;
}

function ask(question: PuzzleQuestion): Promise<PuzzleAnswer> {
  const id = ++lastId;
  const answer = new Promise<PuzzleAnswer>((resolve, reject) => waiting.set(id, { resolve, reject }));
  started().postMessage({ ...question, id } satisfies PuzzleRequest);
  return answer;
}

/** The puzzle of `seed`, made in the worker. */
export async function puzzleOf(seed: string): Promise<Puzzle> {
  const answer = await ask({ kind: 'seed', seed });
  if (!('puzzle' in answer)) throw new Error('No puzzle');
  return answer.puzzle;
}

/** Whether a position from a game has one decision best by the puzzles' margin. */
export async function isClear(position: Position): Promise<boolean> {
  const answer = await ask({ kind: 'check', position });
  return 'clear' in answer && answer.clear;
}

export async function judged(position: Position, decision: Decision): Promise<Judgement> {
  const answer = await ask({ kind: 'judge', position, decision });
  if (!('judgement' in answer)) throw new Error('No judgement');
  return answer.judgement;
}
