import { useTranslation } from 'react-i18next';
import { Avatar } from '../Avatar';

export interface ClashAvatarProps {
  player: { name: string; avatar: { url: string } | null };
  online: boolean;
  size?: number;
  /** Whether the online state is read out with it; not where the words beside it say it already. */
  spoken?: boolean;
}

/**
 * A player's avatar in the clash screens: dimmed when they are offline (SPEC section 4), with a dot that
 * says which; the state is also spoken, since a colour alone tells a screen reader nothing.
 */
export function ClashAvatar({ player, online, size = 36, spoken = true }: ClashAvatarProps) {
  const { t } = useTranslation();
  return (
    <span className={online ? 'clash-avatar clash-avatar--online' : 'clash-avatar clash-avatar--offline'}>
      <Avatar player={player} size={size} />
      <span className="clash-avatar-dot" aria-hidden="true" />
      {spoken ? (
        <span className="visually-hidden">{t(online ? 'clashes.online' : 'clashes.offline')}</span>
      ) : null}
    </span>
  );
}
