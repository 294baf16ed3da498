import { type CSSProperties, type RefObject, useEffect, useState } from 'react';

/**
 * On a phone the tray (in its dock) sticks under the sticky navigation bar and the column headers
 * under the dock, so the dice and the column names stay in sight while the sheet scrolls. Their
 * heights vary (the menu, the hint's line count), so they are measured, to the fraction of a pixel:
 * a rounded height leaves a sliver of the sheet showing between two of them.
 */
export function useStickyOffsets(dock: RefObject<HTMLElement | null>) {
  const [offsets, setOffsets] = useState({ nav: 0, dock: 0 });
  useEffect(() => {
    const nav = document.querySelector<HTMLElement>('.nav');
    const measure = () =>
      setOffsets({
        nav: nav?.getBoundingClientRect().height ?? 0,
        dock: dock.current?.getBoundingClientRect().height ?? 0,
      });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    if (nav) observer.observe(nav);
    if (dock.current) observer.observe(dock.current);
    return () => observer.disconnect();
  }, [dock]);
  return { '--nav-h': `${offsets.nav}px`, '--dock-h': `${offsets.dock}px` } as CSSProperties;
}
