import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useSession } from './api/session';

/** SPEC section 4: the mobile layout is on at 480 px wide or less. */
export const MOBILE_QUERY = '(max-width: 480px)';

/** Between the phone layout and a wide desktop the navigation is an icon rail (web/styles.css). */
export const RAIL_QUERY = '(min-width: 481px) and (max-width: 1279.98px)';

export interface LayoutFlags {
  mobile: boolean;
  /** The navigation is an icon rail: its entries show icons only, named by tooltips. */
  rail: boolean;
  /** The current player is still being loaded (the session's flag, here so the layout reads one place). */
  loading: boolean;
  menuOpen: boolean;
  setMenuOpen: (open: boolean) => void;
  /** A game board is on screen (the board sets it, the nav can then make room). */
  inGame: boolean;
  setInGame: (inGame: boolean) => void;
  notificationsOpen: boolean;
  setNotificationsOpen: (open: boolean) => void;
}

/** Whether a media query matches, kept current when it changes. */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

const LayoutContext = createContext<LayoutFlags | null>(null);

export function LayoutProvider({ children }: { children: ReactNode }) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const rail = useMediaQuery(RAIL_QUERY);
  const { loading } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [inGame, setInGame] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);

  // Leaving the mobile layout with the menu open would leave it open the next time the window shrinks.
  useEffect(() => {
    if (!mobile) setMenuOpen(false);
  }, [mobile]);

  const value = useMemo(
    () => ({
      mobile,
      rail,
      loading,
      menuOpen,
      setMenuOpen,
      inGame,
      setInGame,
      notificationsOpen,
      setNotificationsOpen,
    }),
    [mobile, rail, loading, menuOpen, inGame, notificationsOpen],
  );
  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}

/** Layout flags of SPEC section 4: mobile (and the rail between phone and wide desktop), loading, menu open, in game, notifications dialog open. */
export function useLayout(): LayoutFlags {
  const value = useContext(LayoutContext);
  if (!value) throw new Error('useLayout must be used inside <LayoutProvider>');
  return value;
}
