import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A finished streak's or storm's way on: another run, or back to the puzzles. */
export function RunEndButtons({ onAgain }: { onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="button button-primary" onClick={onAgain}>
        {t('puzzles.again')}
      </button>
      <Link to="/puzzles" className="button">
        {t('puzzles.back')}
      </Link>
    </>
  );
}
