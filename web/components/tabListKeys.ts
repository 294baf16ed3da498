import type { KeyboardEvent } from 'react';

const STEPS: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * The tab list's keys (WAI-ARIA tabs pattern), for a `role="tablist"`'s onKeyDown: the arrows move to the next
 * or previous tab, wrapping, Home and End to the ends; the tab reached takes the focus and is selected by its
 * own click handler, so every tab list selects one way, by click or by key.
 */
export function onTabListKeys(event: KeyboardEvent<HTMLElement>) {
  const step = STEPS[event.key];
  if (!step) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const at = tabs.findIndex((tab) => tab === document.activeElement);
  if (at < 0) return;
  event.preventDefault();
  const next = tabs[step(at, tabs.length)];
  next?.focus();
  next?.click();
}
