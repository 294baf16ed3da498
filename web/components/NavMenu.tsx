import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { PlayerResource } from '../../contract/players';
import { useLayout } from '../layout';
import {
  AboutIcon,
  AdminIcon,
  ClashesIcon,
  DailyIcon,
  FriendsIcon,
  PlayIcon,
  PuzzlesIcon,
  ProfileIcon,
  RankingsIcon,
  SettingsIcon,
  ShareIcon,
  SignOutIcon,
  SignInIcon,
  SignUpIcon,
  TableIcon,
} from './icons';
import { PlayerSearch } from './PlayerSearch';
import { useShare } from './useShare';

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

/** The entries of the menu (the rail, the sidebar or the mobile menu): the pages, share, and sign up or out. */
export function NavMenu({
  id,
  player,
  dailyWaiting,
  onSignOut,
}: {
  id: string;
  player: PlayerResource | null;
  /** Today's daily game waits to be started: its entry gets a dot. */
  dailyWaiting: boolean;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  const { mobile, menuOpen, setMenuOpen } = useLayout();
  return (
    // Choosing any entry closes the mobile menu.
    <nav
      id={id}
      className="nav-menu"
      aria-label={t('nav.label')}
      hidden={mobile && !menuOpen}
      onClickCapture={(event) => {
        if ((event.target as Element).closest('a, button')) setMenuOpen(false);
      }}
    >
      <PlayerSearch />
      <ul className="nav-list">
        <NavItem to="/" end icon={<PlayIcon />} label={t('nav.play')} />
        <NavItem
          to="/daily"
          icon={<DailyIcon />}
          label={t('nav.daily')}
          badge={dailyWaiting ? t('nav.dailyWaiting') : undefined}
        />
        <NavItem to="/puzzles" icon={<PuzzlesIcon />} label={t('nav.puzzles')} />
        <NavItem to="/table" icon={<TableIcon />} label={t('nav.table')} />
        <NavItem to="/clashes" icon={<ClashesIcon />} label={t('nav.clashes')} />
        <NavItem to="/friends" icon={<FriendsIcon />} label={t('nav.friends')} />
        <NavItem to="/rankings" icon={<RankingsIcon />} label={t('nav.rankings')} />
        <NavItem to="/profile" icon={<ProfileIcon />} label={t('nav.profile')} />
        <NavItem to="/about" icon={<AboutIcon />} label={t('nav.about')} />
        <NavItem to="/settings" icon={<SettingsIcon />} label={t('nav.settings')} />
        {player?.admin ? <NavItem to="/admin" icon={<AdminIcon />} label={t('nav.admin')} /> : null}
      </ul>
      <NavActions player={player} onSignOut={onSignOut} />
    </nav>
  );
}

/** The menu's last entries: share the site, and sign out (a registered player) or sign in and sign up (a guest). */
function NavActions({ player, onSignOut }: { player: PlayerResource | null; onSignOut: () => void }) {
  const { t } = useTranslation();
  const { rail } = useLayout();
  /** The tooltip of an entry: only on the rail, where its label is not shown. */
  const tip = (label: string) => (rail ? label : undefined);
  const shareContent = useShare();
  const share = () =>
    void shareContent({ title: 'Yamb', text: t('nav.shareText'), url: window.location.origin });
  return (
    <ul className="nav-list nav-actions">
      <li>
        <button type="button" className="nav-item" onClick={share} title={tip(t('nav.share'))}>
          <ShareIcon />
          <span>{t('nav.share')}</span>
        </button>
      </li>
      {player && !player.guest ? (
        <li>
          <button type="button" className="nav-item" onClick={onSignOut} title={tip(t('nav.signOut'))}>
            <SignOutIcon />
            <span>{t('nav.signOut')}</span>
          </button>
        </li>
      ) : (
        <>
          <NavItem to="/login" icon={<SignInIcon />} label={t('nav.signIn')} />
          <NavItem to="/register" icon={<SignUpIcon />} label={t('nav.signUp')} />
        </>
      )}
    </ul>
  );
}
