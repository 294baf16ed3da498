import { useTranslation } from 'react-i18next';
import type { ReplayFrame } from '../../../game/replay';
import type { ReplayPosition } from './useReplayPosition';

/** Where the replay stands in words: "Turn 17 of 52 · roll 2" ("Start" before the first move). */
export function momentText(
  t: (key: string, options?: Record<string, unknown>) => string,
  frame: ReplayFrame,
  turns: number,
) {
  if (!frame.move) return t('replay.moment.start');
  return t('replay.moment.at', { turn: frame.turn, turns, roll: frame.roll });
}

/** First, back, next, last, and a slider over every moment; ← and → do the same as back and next (useReplayPosition). */
export function ReplayControls({
  frames,
  position,
  turns,
}: {
  frames: readonly ReplayFrame[];
  position: ReplayPosition;
  turns: number;
}) {
  const { t } = useTranslation();
  const { index, last, go } = position;
  const frame = frames[index];
  const where = frame ? momentText(t, frame, turns) : '';
  const buttons: [key: string, to: number, shortcut?: string][] = [
    ['first', 0],
    ['back', index - 1, 'ArrowLeft'],
    ['next', index + 1, 'ArrowRight'],
    ['last', last],
  ];
  return (
    <div className="replay-controls">
      <label className="replay-slider">
        <span className="replay-where">{where}</span>
        <input
          type="range"
          min={0}
          max={last}
          value={index}
          aria-label={t('replay.controls.slider')}
          aria-valuetext={where}
          onChange={(event) => go(Number(event.target.value))}
        />
      </label>
      <div className="replay-steps" role="group" aria-label={t('replay.controls.label')}>
        {buttons.map(([key, to, shortcut]) => {
          // aria-disabled, not disabled: Next pressed to the end keeps the focus (a disabled button drops it).
          const edge = key === 'first' || key === 'back' ? index === 0 : index === last;
          return (
            <button
              key={key}
              type="button"
              className={`button replay-step replay-step--${key}`}
              aria-disabled={edge || undefined}
              aria-keyshortcuts={shortcut}
              onClick={() => {
                if (!edge) go(to);
              }}
            >
              {t(`replay.controls.${key}`)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
