import type { Rules } from '../../../game/rules';
import { PlayNowButton } from '../quickMatch/PlayNowButton';
import { RuleSetOffer } from '../rules/RuleSetOffer';

/**
 * Under the play screen's board: other rules for a new game (once the game's own are known), and an offer of
 * a live opponent, out of the way of the dice on a phone. A chunk of its own (routes/Play.tsx): the board is
 * rollable before it arrives.
 */
export function BelowBoard({ playerId, rules }: { playerId: number; rules: Rules | undefined }) {
  return (
    <>
      {rules ? <RuleSetOffer playerId={playerId} current={rules} /> : null}
      <PlayNowButton />
    </>
  );
}
