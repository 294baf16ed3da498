import { useEffect } from 'react';

/** Sets the tab title to "<title> · Yamb" while the screen is shown. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Yamb` : 'Yamb';
  }, [title]);
}
