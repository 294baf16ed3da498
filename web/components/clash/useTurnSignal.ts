import { useEffect, useRef } from 'react';
import type { ClashResource } from '../../../contract/clashes';
import { onTurn } from './model';
import { playTurnSound, turnSoundOn } from './turnSound';

// The die of index.html's icon with a green dot in its corner: "your turn", seen on a tab in the background.
const TURN_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'%3E%3Crect x='4' y='4' width='56' height='56' rx='12' fill='%23f8f5ec' stroke='%230f2a22' stroke-width='4'/%3E%3Cg fill='%23a5402d'%3E%3Ccircle cx='20' cy='20' r='6'/%3E%3Ccircle cx='32' cy='32' r='6'/%3E%3C/g%3E%3Ccircle cx='48' cy='48' r='15' fill='%2322a35a' stroke='%23ffffff' stroke-width='4'/%3E%3C/svg%3E";

/**
 * Whether it is the viewer's turn in the clash; while it is, the tab's icon says so, and the moment it
 * becomes their turn a short sound plays if they turned it on (settings). The title is the screen's to set.
 */
export function useTurnSignal(clash: ClashResource | undefined, viewerId: number | null): boolean {
  const current = clash ? onTurn(clash) : null;
  const mine = current !== null && current.id === viewerId;
  const turnKey = mine ? `${clash?.id}:${clash?.turnStartedAt}` : null;
  const heard = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!mine || !icon) return;
    const usual = icon.href;
    icon.href = TURN_ICON;
    return () => {
      icon.href = usual;
    };
  }, [mine]);

  const loaded = clash !== undefined;
  useEffect(() => {
    if (!loaded) return;
    // Not for the turn the screen opened on: the player is looking already.
    const first = heard.current === undefined;
    const changed = heard.current !== turnKey;
    heard.current = turnKey;
    if (!first && changed && turnKey && turnSoundOn()) playTurnSound();
  }, [loaded, turnKey]);

  return mine;
}
