import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { PlayerResource } from '../../contract/players';
import { useDaily } from '../api/daily';
import { useSession } from '../api/session';
import { useLayout } from '../layout';
import { Avatar } from './Avatar';
import { DieFace } from './DieFace';
import { CloseIcon, MenuIcon } from './icons';
import { NavMenu } from './NavMenu';
import { Bell } from './notifications/Bell';
import { Deferred, onDemand } from './onDemand';

const MENU_ID = 'nav-menu';

/** Fetched when first asked (signing out). */
const ConfirmDialog = onDemand(() => import('./ConfirmDialog').then((m) => m.ConfirmDialog));

/** The header: the bar (brand, player, bell, burger), the menu, and the sign-out's confirmation. */
export function Nav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { player, logout } = useSession();
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  useMenuClosing(burger);
  // Notifications are for registered players (SPEC section 6): a guest gets no bell.
  const bell = player !== null && !player.guest;
  // Today's daily game, asked once on load for a registered player: a dot while it waits to be started.
  const daily = useDaily(bell ? player.id : undefined);
  const dailyWaiting = bell && !!daily.data?._links.start;

  const signOut = async () => {
    setConfirmSignOut(false);
    await logout();
    navigate('/login');
  };

  return (
    <header className="nav">
      <NavBar player={player} bell={bell} burger={burger} />
      <NavMenu
        id={MENU_ID}
        player={player}
        dailyWaiting={dailyWaiting}
        onSignOut={() => setConfirmSignOut(true)}
      />
      <Deferred until={confirmSignOut}>
        <ConfirmDialog
          open={confirmSignOut}
          title={t('nav.signOutTitle')}
          message={t('nav.signOutQuestion')}
          danger
          onConfirm={signOut}
          onCancel={() => setConfirmSignOut(false)}
        />
      </Deferred>
    </header>
  );
}

/**
 * Any navigation closes the menu: a link in it, but also the back button or a redirect. Escape closes the
 * open menu and gives the focus back to the burger button that opened it.
 */
function useMenuClosing(burger: RefObject<HTMLButtonElement | null>) {
  const { menuOpen, setMenuOpen } = useLayout();
  const { pathname } = useLocation();
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname, setMenuOpen]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
      setMenuOpen(false);
      burger.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, setMenuOpen, burger]);
}

/** The bar on top (or at the rail's head): home, the signed-in player, the bell, and on a phone the burger. */
function NavBar({
  player,
  bell,
  burger,
}: {
  player: PlayerResource | null;
  bell: boolean;
  burger: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const { mobile, rail, menuOpen, setMenuOpen } = useLayout();
  return (
    <div className={bell ? 'nav-bar nav-bar-with-bell' : 'nav-bar'}>
      <Link to="/" className="brand" aria-label={t('nav.home')} title={rail ? t('nav.home') : undefined}>
        <DieFace value={5} size={30} />
        <span className="brand-name">Yamb</span>
      </Link>
      {player ? (
        <Link to="/profile" className="nav-player" title={`${player.name} · ${t('nav.profile')}`}>
          <Avatar player={player} size={mobile ? 30 : 40} />
          <span className="nav-player-text">
            <span className="nav-player-name">{player.name}</span>
            {mobile ? null : (
              <span className="nav-player-role">{t(player.guest ? 'nav.guest' : 'nav.registered')}</span>
            )}
          </span>
        </Link>
      ) : null}
      {bell ? <Bell /> : null}
      {mobile ? (
        <button
          ref={burger}
          type="button"
          className="burger"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
          <span className="visually-hidden">{t(menuOpen ? 'nav.closeMenu' : 'nav.openMenu')}</span>
        </button>
      ) : null}
    </div>
  );
}
