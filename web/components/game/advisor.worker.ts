// The advisor runs in a worker of its own. game/index.ts re-exports the advisor, so a dynamic import() of it
// would stay in the main chunk (every screen imports the rules from there); a worker is bundled apart, so
// the advisor's code, and the dice tables it builds when it loads, reach a browser only with the first
// hint. Its work stays off the main thread too — a whole game's review (issue 30) as well as a hint.
import { type Advice, advise } from '../../../game/advisor';
import { replayFrames } from '../../../game/replay';
import { type GradedDecision, reviewGame, type ReviewSummary, summarize } from '../../../game/review';
import type { RuleSet } from '../../../game/rules';
import type { GameState, GameType } from '../../../game/types';
import type { LoggedTurn } from '../../../contract/replay';

export interface AdvisorRequest {
  id: number;
  state: GameState;
}

/** A replay to review: its turns are played through the rules here again, and `gameId`'s decisions graded. */
export interface ReviewRequest {
  id: number;
  review: { rules: RuleSet; type: GameType; gameIds: number[]; turns: LoggedTurn[]; gameId: number };
}

export interface ReviewResult {
  grades: GradedDecision[];
  summary: ReviewSummary;
}

export type AdvisorAnswer =
  | { id: number; advice: Advice }
  | { id: number; progress: { done: number; total: number } }
  | { id: number; review: ReviewResult }
  | { id: number; error: string };

/** How often, at most, a review says how far it is: often enough for a bar that moves, not a message a decision. */
const PROGRESS_MS = 100;

function review(id: number, request: ReviewRequest['review']): ReviewResult {
  const { frames } = replayFrames(request.rules, request.type, request.gameIds, request.turns);
  let said = 0;
  const grades = reviewGame(frames, request.gameId, (done, total) => {
    const now = performance.now();
    if (now - said < PROGRESS_MS && done < total) return;
    said = now;
    postMessage({ id, progress: { done, total } } satisfies AdvisorAnswer);
  });
  return { grades, summary: summarize(grades) };
}

addEventListener('message', (event: MessageEvent<AdvisorRequest | ReviewRequest>) => {
  const request = event.data;
  let answer: AdvisorAnswer;
  try {
    answer =
      'review' in request
        ? { id: request.id, review: review(request.id, request.review) }
        : { id: request.id, advice: advise(request.state) };
  } catch (error) {
    answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  postMessage(answer);
});
