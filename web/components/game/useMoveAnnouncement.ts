import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameState } from '../../../game/types';
import { totalSum } from '../../../game/sums';
import type { GameResource } from '../../../contract/games';
import { isNewRoll, type RollMark, rollMark } from './view';

/** One thing to read out; a new `key` each time, so the same words said twice are heard twice. */
export interface Said {
  key: number;
  text: string;
}

/**
 * What a screen reader hears of the game as it goes, for the board's polite live region: each roll once
 * its dice have landed ("Rolled: 2, 4, 4, 5, 6"), each fill with the new total, each announcement. The
 * player's own moves and those seen live (a watcher, another tab) alike; the state the screen opened
 * with, an undo and the same state arriving twice (the answer and the live message) say nothing.
 */
export function useMoveAnnouncement(game: GameResource, state: GameState, diceBusy: boolean): Said | null {
  const { t } = useTranslation();
  const [said, setSaid] = useState<Said | null>(null);
  const seen = useRef<RollMark>(rollMark(game));
  const seenAnnouncement = useRef(state.announcement);
  // A roll to read out once its dice have landed (a fill never waits: its dice are at rest).
  const rollToSay = useRef(false);

  const say = useCallback((text: string) => setSaid((before) => ({ key: (before?.key ?? 0) + 1, text })), []);

  useEffect(() => {
    const prev = seen.current;
    const next = rollMark(game);
    seen.current = next;
    const sameGame = prev.id === next.id;
    if (isNewRoll(prev, next)) {
      rollToSay.current = true;
    } else if (sameGame && next.lastAction === 'FILL' && next.filled > prev.filled) {
      const column = game.latestColumnFilled;
      const box = game.latestBoxFilled;
      const score = state.sheet.columns
        .find((c) => c.type === column)
        ?.boxes.find((b) => b.type === box)?.value;
      if (column && box && score !== null && score !== undefined) {
        say(
          t('game.said.fill', {
            score,
            box: t(`game.boxes.${box}`),
            column: t(`game.columns.${column}`),
            total: totalSum(state.sheet),
          }),
        );
      }
    }
    const announced = state.announcement;
    if (sameGame && announced && announced !== seenAnnouncement.current) {
      say(t('game.said.announce', { box: t(`game.boxes.${announced}`) }));
    }
    seenAnnouncement.current = announced;
  }, [game, state, t, say]);

  useEffect(() => {
    if (!rollToSay.current || diceBusy) return;
    rollToSay.current = false;
    say(t('game.said.roll', { dice: state.dice.join(', ') }));
  }, [diceBusy, state, t, say]);

  return said;
}
