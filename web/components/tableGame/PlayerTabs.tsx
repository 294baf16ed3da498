import { type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableGame } from '../../../game/table';
import { onTabListKeys } from '../tabListKeys';

export const tabId = (index: number) => `table-tab-${index}`;
export const PANEL_ID = 'table-sheet-panel';

/** The players' sheets, one tab each (the tablist keyboard pattern: arrows, Home, End). */
export function PlayerTabs({
  game,
  shown,
  onShow,
}: {
  game: TableGame;
  shown: number;
  onShow: (player: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="tabs table-tabs"
      role="tablist"
      aria-label={t('table.game.tabs')}
      onKeyDown={onTabListKeys}
    >
      {game.players.map((player, index) => (
        <button
          // Index keys: the players of a game never change order.
          key={index}
          type="button"
          role="tab"
          id={tabId(index)}
          className="tab"
          aria-selected={index === shown}
          aria-controls={index === shown ? PANEL_ID : undefined}
          tabIndex={index === shown ? 0 : -1}
          onClick={() => onShow(index)}
        >
          {player.name}
        </button>
      ))}
    </div>
  );
}

/** How far a finger must travel sideways, in CSS pixels, for a swipe to the next or previous sheet. */
const SWIPE_PX = 70;

/**
 * A finger's swipe left or right on the sheets shows the next or the previous player's (the tabs do the
 * same; a swipe is the phone's shortcut). Mostly sideways only: scrolling down the sheet is no swipe.
 */
export function useSwipe(count: number, shown: number, onShow: (player: number) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  if (count < 2) return {};
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < 2 * Math.abs(dy)) return;
      onShow((shown + (dx < 0 ? 1 : -1) + count) % count);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
