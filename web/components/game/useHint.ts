import { useRef, useState } from 'react';
import type { Advice } from '../../../game/advisor';
import type { GameState } from '../../../game/types';
import type { GameResource } from '../../../contract/games';
import { loadAllEnglish } from '../../i18n';
import { toastError } from '../Toasts';
import type { AdvisorAnswer, AdvisorRequest } from './advisor.worker';

let worker: Worker | null = null;
let lastId = 0;
const waiting = new Map<number, { resolve: (advice: Advice) => void; reject: (error: Error) => void }>();

/** The advisor's answer for `state`, from its worker, started on the first hint (see advisor.worker.ts). */
function adviseInWorker(state: GameState): Promise<Advice> {
  if (!worker) {
    const started = new Worker(new URL('./advisor.worker.ts', import.meta.url), { type: 'module' });
    started.addEventListener('message', (event: MessageEvent<AdvisorAnswer>) => {
      const answer = event.data;
      const request = waiting.get(answer.id);
      waiting.delete(answer.id);
      if ('advice' in answer) request?.resolve(answer.advice);
      else if ('error' in answer) request?.reject(new Error(answer.error));
    });
    // A worker that fails to load (a new build deployed under an open tab) is dropped: the next hint
    // starts a new one from the current build's address.
    started.addEventListener('error', (event) => {
      event.preventDefault();
      for (const request of waiting.values()) request.reject(new Error(event.message));
      waiting.clear();
      started.terminate();
      worker = null;
    });
    worker = started;
  }
  const id = ++lastId;
  const answer = new Promise<Advice>((resolve, reject) => waiting.set(id, { resolve, reject }));
  worker.postMessage({ id, state } satisfies AdvisorRequest);
  return answer;
}

export interface Hint {
  /** The advice for the game as it is now; null once a move (or another tab's) has changed it. */
  advice: Advice | null;
  /** The advisor is still loading. */
  pending: boolean;
  /** Asks the advisor; its answer shows only if the game has not moved on meanwhile. */
  ask: () => void;
  clear: () => void;
}

/** The advisor's best move for `state`, asked for by the player; it stays until the game changes. */
export function useHint(game: GameResource, state: GameState): Hint {
  // Every move changes the game's updatedAt: advice for an older state is never shown.
  const signature = `${game.id}:${game.updatedAt}`;
  const latest = useRef(signature);
  latest.current = signature;
  const [shown, setShown] = useState<{ signature: string; advice: Advice } | null>(null);
  const [pending, setPending] = useState(false);

  const ask = () => {
    if (pending) return;
    const asked = signature;
    setPending(true);
    // The advice's wording is not part of the first load (i18n.ts): it comes with the advisor.
    Promise.all([adviseInWorker(state), loadAllEnglish()])
      .then(([advice]) => {
        if (latest.current !== asked) return;
        setShown({ signature: asked, advice });
      })
      .catch(toastError)
      .finally(() => setPending(false));
  };

  return {
    advice: shown?.signature === signature ? shown.advice : null,
    pending,
    ask,
    clear: () => setShown(null),
  };
}
