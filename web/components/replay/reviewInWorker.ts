import type { AdvisorAnswer, ReviewRequest, ReviewResult } from '../game/advisor.worker';

export interface ReviewRun {
  result: Promise<ReviewResult>;
  /** Stops the review (the screen closed): its worker ends, the promise never settles. */
  cancel: () => void;
}

/**
 * A whole game's review in the advisor's worker (web/components/game/advisor.worker.ts): no server CPU, and
 * the page stays responsive through a long game. A worker of its own, ended when the review is done.
 */
export function reviewInWorker(
  review: ReviewRequest['review'],
  onProgress: (done: number, total: number) => void,
): ReviewRun {
  const worker = new Worker(new URL('../game/advisor.worker.ts', import.meta.url), { type: 'module' });
  const result = new Promise<ReviewResult>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<AdvisorAnswer>) => {
      const answer = event.data;
      if ('progress' in answer) return onProgress(answer.progress.done, answer.progress.total);
      worker.terminate();
      if ('review' in answer) resolve(answer.review);
      else if ('error' in answer) reject(new Error(answer.error));
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      worker.terminate();
      reject(new Error(event.message));
    });
  });
  worker.postMessage({ id: 1, review } satisfies ReviewRequest);
  return { result, cancel: () => worker.terminate() };
}
