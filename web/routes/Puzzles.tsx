import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../api/session';
import { DailyPuzzle } from '../components/puzzles/DailyPuzzle';
import { PuzzleHub } from '../components/puzzles/PuzzleHub';
import { StormRun } from '../components/puzzles/StormRun';
import { StreakRun } from '../components/puzzles/StreakRun';
import '../components/puzzles/puzzles.css';
import { useTitle } from '../components/useTitle';

const MODES = ['daily', 'streak', 'storm'] as const;
type Mode = (typeof MODES)[number];
const modeOf = (value: string | null): Mode | null => MODES.find((m) => m === value) ?? null;

/**
 * `/puzzles`: Yamb puzzles (issue 30) — positions with one clearly best decision, judged by the advisor.
 * The hub, or one mode (`?mode=daily|streak|storm`). Signed-out players may play; a guest's results stay
 * in the browser.
 */
export default function Puzzles() {
  const { t } = useTranslation();
  const { player } = useSession();
  const [params] = useSearchParams();
  const mode = modeOf(params.get('mode'));
  // A new run of the same mode is a new component: its puzzles and its count start over.
  const [run, setRun] = useState(0);
  const again = () => setRun((n) => n + 1);
  useTitle(mode ? t(`puzzles.${mode}.title`) : t('puzzles.title'));
  return (
    <section className="page puzzles-page" aria-labelledby="puzzles-title">
      <header className="puzzles-head">
        <h1 id="puzzles-title">{mode ? t(`puzzles.${mode}.title`) : t('puzzles.title')}</h1>
        {mode ? <Link to="/puzzles">{t('puzzles.back')}</Link> : <p>{t('puzzles.intro')}</p>}
      </header>
      {mode === 'daily' ? <DailyPuzzle player={player} /> : null}
      {mode === 'streak' ? <StreakRun key={run} player={player} onAgain={again} /> : null}
      {mode === 'storm' ? <StormRun key={run} player={player} onAgain={again} /> : null}
      {mode === null ? <PuzzleHub player={player} /> : null}
    </section>
  );
}
