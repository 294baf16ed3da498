import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rules } from '../../../game/rules';
import { Deferred, onDemand } from '../onDemand';

// Not in the first load of `/`: the panel (and, inside it, the custom builder) is fetched when first opened.
const RuleSetPanel = onDemand(() => import('./RuleSetPanel').then((m) => m.RuleSetPanel));

/**
 * Under the play screen's board: "Other rules" opens the rule-set picker for a new solo game (the four
 * presets and a custom builder). Starting a game closes it again.
 */
export function RuleSetOffer({ playerId, current }: { playerId: number; current: Rules }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <div className="rule-sets-offer">
      <button
        type="button"
        className="button rule-sets-open"
        aria-expanded={open}
        aria-controls={open ? panel : undefined}
        onClick={() => setOpen(!open)}
      >
        {t('game.ruleSets.open')}
      </button>
      <Deferred until={open}>
        {open ? (
          <RuleSetPanel id={panel} playerId={playerId} current={current} onStarted={() => setOpen(false)} />
        ) : null}
      </Deferred>
    </div>
  );
}
