import { type ReactNode, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useDaily } from '../api/daily';
import { useSession } from '../api/session';
import { useLayout } from '../layout';
import { Avatar } from './Avatar';
import { DieFace } from './DieFace';
import {
  AboutIcon,
  AdminIcon,
  ClashesIcon,
  CloseIcon,
  DailyIcon,
  MenuIcon,
  PlayIcon,
  ProfileIcon,
  RankingsIcon,
  SearchIcon,
  SettingsIcon,
  ShareIcon,
  SignOutIcon,
  SignUpIcon,
} from './icons';
import { Bell } from './notifications/Bell';
import { Deferred, onDemand } from './onDemand';

const MENU_ID = 'nav-menu';

/** Fetched when first asked (signing out). */
const ConfirmDialog = onDemand(() => import('./ConfirmDialog').then((m) => m.ConfirmDialog));

/** The Web Share sheet where the browser has one; elsewhere the link is copied and a toast says so. */
async function shareSite(texts: { title: string; text: string; copied: string; copyFailed: string }) {
  const url = window.location.origin;
  if (navigator.share) {
    try {
      await navigator.share({ title: texts.title, text: texts.text, url });
      return;
    } catch (error) {
      // The user closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(texts.copied);
  } catch {
    toast(texts.copyFailed);
  }
}

/** On the icon rail the label is visually hidden: the tooltip shows it. A `badge` is a dot that says why. */
function NavItem({
  to,
  icon,
  label,
  end,
  badge,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  end?: boolean;
  badge?: string;
}) {
  const { rail } = useLayout();
  const tip = badge ? `${label} · ${badge}` : label;
  return (
    <li>
      <NavLink to={to} end={end} className="nav-item" title={rail ? tip : undefined}>
        {icon}
        <span>
          {label}
          {badge ? <span className="visually-hidden"> · {badge}</span> : null}
        </span>
        {badge ? <i className="nav-dot" data-testid="nav-dot" aria-hidden="true" /> : null}
      </NavLink>
    </li>
  );
}

export function Nav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { player, logout } = useSession();
  const { mobile, rail, menuOpen, setMenuOpen } = useLayout();
  /** The tooltip of an entry: only on the rail, where its label is not shown. */
  const tip = (label: string) => (rail ? label : undefined);
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // Notifications are for registered players (SPEC section 6): a guest gets no bell.
  const bell = player !== null && !player.guest;
  // Today's daily game, asked once on load for a registered player: a dot while it waits to be started.
  const daily = useDaily(bell ? player.id : undefined);
  const dailyWaiting = bell && !!daily.data?._links.start;

  // Any navigation closes the menu: a link in it, but also the back button or a redirect.
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname, setMenuOpen]);

  // Escape closes the open menu and gives the focus back to the burger button that opened it.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
      setMenuOpen(false);
      burger.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, setMenuOpen]);

  const signOut = async () => {
    setConfirmSignOut(false);
    await logout();
    navigate('/login');
  };

  const share = () =>
    shareSite({
      title: 'Yamb',
      text: t('nav.shareText'),
      copied: t('nav.linkCopied'),
      copyFailed: t('nav.copyFailed', { url: window.location.origin }),
    });

  return (
    <header className="nav">
      <div className={bell ? 'nav-bar nav-bar-with-bell' : 'nav-bar'}>
        <Link to="/" className="brand" aria-label={t('nav.home')} title={tip(t('nav.home'))}>
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
      {/* Choosing any entry closes the mobile menu. */}
      <nav
        id={MENU_ID}
        className="nav-menu"
        aria-label={t('nav.label')}
        hidden={mobile && !menuOpen}
        onClickCapture={(event) => {
          if ((event.target as Element).closest('a, button')) setMenuOpen(false);
        }}
      >
        <div className="nav-search">
          <label htmlFor="nav-search" className="visually-hidden">
            {t('nav.search')}
          </label>
          <SearchIcon />
          <input
            id="nav-search"
            type="search"
            placeholder={t('nav.searchPlaceholder')}
            title={t('nav.searchSoon')}
            disabled
          />
        </div>
        <ul className="nav-list">
          <NavItem to="/" end icon={<PlayIcon />} label={t('nav.play')} />
          <NavItem
            to="/daily"
            icon={<DailyIcon />}
            label={t('nav.daily')}
            badge={dailyWaiting ? t('nav.dailyWaiting') : undefined}
          />
          <NavItem to="/clashes" icon={<ClashesIcon />} label={t('nav.clashes')} />
          <NavItem to="/rankings" icon={<RankingsIcon />} label={t('nav.rankings')} />
          <NavItem to="/profile" icon={<ProfileIcon />} label={t('nav.profile')} />
          <NavItem to="/about" icon={<AboutIcon />} label={t('nav.about')} />
          <NavItem to="/settings" icon={<SettingsIcon />} label={t('nav.settings')} />
          {player?.admin ? <NavItem to="/admin" icon={<AdminIcon />} label={t('nav.admin')} /> : null}
        </ul>
        <ul className="nav-list nav-actions">
          <li>
            <button type="button" className="nav-item" onClick={share} title={tip(t('nav.share'))}>
              <ShareIcon />
              <span>{t('nav.share')}</span>
            </button>
          </li>
          {player && !player.guest ? (
            <li>
              <button
                type="button"
                className="nav-item"
                onClick={() => setConfirmSignOut(true)}
                title={tip(t('nav.signOut'))}
              >
                <SignOutIcon />
                <span>{t('nav.signOut')}</span>
              </button>
            </li>
          ) : (
            <NavItem to="/register" icon={<SignUpIcon />} label={t('nav.signUp')} />
          )}
        </ul>
      </nav>
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
