import { useEffect, useRef, useState } from 'react';
import type { ReplayResource } from '../../../contract/replay';
import type { ReviewResult } from '../game/advisor.worker';
import { useSaveReview } from '../../api/replay';
import { loadAllEnglish } from '../../i18n';
import { toastError } from '../Toasts';
import { reviewInWorker, type ReviewRun } from './reviewInWorker';

export type ReviewState =
  | { phase: 'idle' }
  | { phase: 'running'; done: number; total: number }
  | { phase: 'done'; result: ReviewResult }
  | { phase: 'failed'; message: string };

export interface Review {
  state: ReviewState;
  start: () => void;
}

/**
 * The review of the replay's game (its `gameId`), run when asked in the advisor's worker. Its figures are
 * posted when the replay offers the `review` link (the game's own player): their page's average follows.
 */
export function useReview(replay: ReplayResource, viewerId: number | null): Review {
  const [state, setState] = useState<ReviewState>({ phase: 'idle' });
  const run = useRef<ReviewRun | null>(null);
  const save = useSaveReview(replay, viewerId ?? undefined);
  useEffect(() => () => run.current?.cancel(), []);

  const start = () => {
    if (state.phase === 'running') return;
    setState({ phase: 'running', done: 0, total: 0 });
    const { rules, type, games, turns, gameId } = replay;
    const gameIds = games.map((g) => g.id);
    run.current = reviewInWorker({ rules, type, gameIds, turns, gameId }, (done, total) =>
      setState({ phase: 'running', done, total }),
    );
    // The advice's wording (the best choices) is not part of the first load: it comes with the review.
    Promise.all([run.current.result, loadAllEnglish()])
      .then(([result]) => {
        setState({ phase: 'done', result });
        const own = games.find((g) => g.id === gameId)?.player.id === viewerId;
        if (own && replay._links.review) {
          const { decisions, accuracy, pointsLost, costliest } = result.summary;
          // A refused post (the log moved on meanwhile) is said; the review stays on screen.
          save.mutate({ decisions, accuracy, pointsLost, costliest }, { onError: toastError });
        }
      })
      .catch((error: unknown) =>
        setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) }),
      );
  };
  return { state, start };
}
