import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { dayOf } from '../../../contract/days';
import type { GameResource } from '../../../contract/games';
import { dailyKeys } from '../../api/daily';
import { useShare } from '../useShare';
import { dailyShareText } from './dailyShare';
import './daily.css';

/** Where a shared daily result invites its reader. */
const dailyUrl = () => `${window.location.origin}/daily`;

/**
 * A completed daily game's result: the total and the share text (the sheet's shape, never its dice), with
 * the app's one Share control (the share sheet, else a copy to the clipboard). The text stays on screen,
 * to be selected by hand where the browser allows neither.
 */
export function DailyResult({ game, headingLevel = 2 }: { game: GameResource; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const titleId = useId();
  const share = useShare();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const day = dayOf(Date.parse(game.createdAt));
  const url = dailyUrl();
  const text = dailyShareText(t('daily.title'), day, game.totalSum, game.sheet, url);
  const number = new Intl.NumberFormat(i18n.language);

  // The day's resource and ranking changed with the last fill: the page and the nav's dot read them again.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: dailyKeys.all });
  }, [client, game.id]);

  return (
    <section className="card daily-result" aria-labelledby={titleId} data-testid="daily-result">
      <Heading id={titleId} className="daily-result-title">
        {t('daily.result.title')}
      </Heading>
      <p className="daily-result-total">
        <span>{t('daily.result.total')}</span>
        <output>{number.format(game.totalSum)}</output>
      </p>
      <pre className="daily-share-text" data-testid="daily-share-text" tabIndex={0}>
        {text}
      </pre>
      <div className="daily-result-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => void share({ text: text.slice(0, text.lastIndexOf('\n')), url })}
        >
          {t('daily.share')}
        </button>
      </div>
      <p className="muted daily-result-note">{t('daily.result.tomorrow')}</p>
    </section>
  );
}
