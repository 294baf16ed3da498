import { useTranslation } from 'react-i18next';
import { STORM_MISS_SECONDS, STORM_SECONDS } from '../../../contract/puzzles';
import { PUZZLE_MARGIN } from '../../../game/puzzleMargin';

/** What makes a puzzle (issue 30), read from the constants the puzzles are made and played with. */
export function PuzzleRules() {
  const { t } = useTranslation();
  return (
    <>
      <h3 id="puzzles">{t('puzzles.rules.title')}</h3>
      <p>{t('puzzles.rules.margin', { margin: PUZZLE_MARGIN })}</p>
      <p>{t('puzzles.rules.storm', { minutes: STORM_SECONDS / 60, seconds: STORM_MISS_SECONDS })}</p>
    </>
  );
}
