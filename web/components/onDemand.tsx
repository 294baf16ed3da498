import {
  type ComponentType,
  lazy,
  type LazyExoticComponent,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { loadAllEnglish } from '../i18n';

/**
 * A component of a chunk of its own, fetched the first time it renders: a screen, or a part of the play
 * screen that its first paint does not show (a dialog, the quick-match panel, a daily game's result). The
 * first load of `/` carries none of them (bench/first-load.mjs), nor the English strings they may show
 * beyond the first load's: those come with the first of them (i18n.ts, loadAllEnglish).
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const [component] = await Promise.all([load(), loadAllEnglish()]);
    return { default: component };
  });
}

/**
 * Its children (a part made by onDemand) from the first time `until` is true, and from then on: a dialog is
 * fetched when first opened, and stays mounted afterwards, so it closes itself (the focus goes back where it
 * was) instead of vanishing. Nothing shows while the chunk loads.
 */
export function Deferred({ until, children }: { until: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(until);
  if (until && !wanted) setWanted(true);
  return wanted ? <Suspense>{children}</Suspense> : null;
}
