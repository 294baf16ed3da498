// The advisor runs in a worker of its own. game/index.ts re-exports the advisor, so a dynamic import() of it
// would stay in the main chunk (every screen imports the rules from there); a worker is bundled apart, so
// the advisor's code, and the dice tables it builds when it loads, reach a browser only with the first
// hint. Its work stays off the main thread too.
import { type Advice, advise } from '../../../game/advisor';
import type { GameState } from '../../../game/types';

export interface AdvisorRequest {
  id: number;
  state: GameState;
}

export type AdvisorAnswer = { id: number; advice: Advice } | { id: number; error: string };

addEventListener('message', (event: MessageEvent<AdvisorRequest>) => {
  const { id, state } = event.data;
  let answer: AdvisorAnswer;
  try {
    answer = { id, advice: advise(state) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  postMessage(answer);
});
