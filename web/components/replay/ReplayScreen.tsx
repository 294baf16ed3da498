import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReplayResource } from '../../../contract/replay';
import { replayFrames } from '../../../game/replay';
import { DecisionNote, ReviewPanel } from './ReviewPanel';
import { ReplayControls } from './ReplayControls';
import { ReplayDice, ReplaySheets } from './ReplayBoards';
import { moveText } from './moveText';
import { useReplayPosition } from './useReplayPosition';
import { useReview } from './useReview';
import '../game/game.css';
import '../player/player.css';
import './replay.css';

/** A finished game moment by moment: the dice and the sheets as they stood, the move in words, and the review. */
export function ReplayScreen({ replay, viewerId }: { replay: ReplayResource; viewerId: number | null }) {
  const { t } = useTranslation();
  const { frames, broken } = useMemo(
    () =>
      replayFrames(
        replay.rules,
        replay.type,
        replay.games.map((g) => g.id),
        replay.turns,
      ),
    [replay],
  );
  const position = useReplayPosition(frames);
  const review = useReview(replay, viewerId);
  const names = useMemo(() => Object.fromEntries(replay.games.map((g) => [g.id, g.player.name])), [replay]);
  const graded = useMemo(
    () =>
      review.state.phase === 'done' ? new Map(review.state.result.grades.map((g) => [g.frame, g])) : null,
    [review.state],
  );
  const frame = frames[position.index];
  const own = replay.games.find((g) => g.id === replay.gameId);
  const back = replay.clashId === undefined ? `/games/${replay.gameId}` : `/clashes/${replay.clashId}`;
  const note = graded?.get(position.index);

  return (
    <section className="board replay" aria-labelledby="replay-title">
      <div className="board-head">
        <h1 id="replay-title" className="board-title">
          {replay.clashId === undefined
            ? t('replay.title', { name: own?.player.name ?? '' })
            : t('replay.clashTitle', { id: replay.clashId })}
        </h1>
        <Link to={back}>{t(replay.clashId === undefined ? 'replay.toGame' : 'replay.toClash')}</Link>
      </div>
      {broken ? <p className="board-banner">{t('replay.broken')}</p> : null}
      <div className="board-body">
        <div className="board-side replay-side">
          <div className="board-tray">
            <ReplayDice frame={frame} state={frame.states[frame.gameId]} />
            <p className="replay-move" aria-live="polite" data-testid="replay-move">
              {moveText(t, frame, names[frame.gameId] ?? '')}
            </p>
          </div>
          {note ? <DecisionNote graded={note} frames={frames} /> : null}
          <ReplayControls frames={frames} position={position} turns={replay.turns.length} />
        </div>
        <ReplaySheets frame={frame} games={replay.games} />
        {/* Under the controls beside the sheet; on a narrow screen after it, the moment coming first. */}
        <ReviewPanel review={review} frames={frames} names={names} />
      </div>
    </section>
  );
}
