import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RuleSet } from '../../../game/rules';
import { Deferred, onDemand } from '../onDemand';
import './legend.css';

const LegendList = onDemand(() => import('./LegendList').then((m) => m.LegendList));

/**
 * Under the sheet: a link to the rules (the about screen's rules tab) and, folded, what each mark of the
 * sheet means (LegendList, fetched when first unfolded).
 */
export function SheetLegend({ rules }: { rules: RuleSet }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <aside className="legend" aria-label={t('game.legend.title')}>
      {/* The rules start at the top of the about screen, not where the sheet was scrolled to. */}
      <Link className="legend-rules" to="/about#rules" onClick={() => window.scrollTo(0, 0)}>
        {t('game.legend.rules')}
      </Link>
      <details className="legend-details" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>{t('game.legend.title')}</summary>
        <Deferred until={open}>
          <LegendList rules={rules} />
        </Deferred>
      </details>
    </aside>
  );
}
