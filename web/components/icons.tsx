import type { ReactNode } from 'react';
import type { Reaction } from '../../contract/clashes';

// Line icons drawn on a 24 px grid with the text colour; always next to a visible label, so hidden from
// assistive technology. The app's inline SVG icons all live here.
function Icon({
  children,
  size = 20,
  weight = 2,
  className,
}: {
  children: ReactNode;
  size?: number;
  /** The stroke width on the 24 px grid. */
  weight?: number;
  className?: string;
}) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={weight}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const PlayIcon = () => (
  <Icon>
    <rect x="3" y="3" width="18" height="18" rx="4" />
    <circle cx="8.5" cy="8.5" r="1" fill="currentColor" />
    <circle cx="12" cy="12" r="1" fill="currentColor" />
    <circle cx="15.5" cy="15.5" r="1" fill="currentColor" />
  </Icon>
);

/** Two dice side by side: games at the table, on one device. */
export const TableIcon = () => (
  <Icon>
    <rect x="2" y="9" width="10" height="10" rx="2" />
    <rect x="12" y="5" width="10" height="10" rx="2" />
    <circle cx="7" cy="14" r="1" fill="currentColor" />
    <circle cx="15" cy="8" r="1" fill="currentColor" />
    <circle cx="19" cy="12" r="1" fill="currentColor" />
  </Icon>
);

/** A calendar page with a die's pip: the Daily Yamb. */
export const DailyIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="16" rx="3" />
    <path d="M3 10h18M8 3v4M16 3v4" />
    <circle cx="12" cy="15.5" r="1.2" fill="currentColor" />
  </Icon>
);

/** A die with a question mark: the puzzles. */
export const PuzzlesIcon = () => (
  <Icon>
    <path d="M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm2.5 6.5a2.5 2.5 0 1 1 2.5 2.5v2m0 3v.01" />
  </Icon>
);

export const ClashesIcon = () => (
  <Icon>
    <path d="M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2" />
    <circle cx="9" cy="7" r="4" />
    <path d="M23 21v-2a4 4 0 0 0-3-3.87" />
    <path d="M16 3.13a4 4 0 0 1 0 7.75" />
  </Icon>
);

export const FriendsIcon = () => (
  <Icon>
    <path d="M12 20s-8-5-8-11a4 4 0 0 1 8-1 4 4 0 0 1 8 1c0 6-8 11-8 11z" />
  </Icon>
);

export const RankingsIcon = () => (
  <Icon>
    <path d="M18 20V10" />
    <path d="M12 20V4" />
    <path d="M6 20v-6" />
  </Icon>
);

export const ProfileIcon = () => (
  <Icon>
    <path d="M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2" />
    <circle cx="12" cy="7" r="4" />
  </Icon>
);

export const AboutIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 16v-4" />
    <path d="M12 8h.01" />
  </Icon>
);

export const SettingsIcon = () => (
  <Icon>
    <path d="M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6" />
  </Icon>
);

export const AdminIcon = () => (
  <Icon>
    <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
  </Icon>
);

export const ShareIcon = () => (
  <Icon>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="M8.59 13.51l6.83 3.98M15.41 6.51l-6.82 3.98" />
  </Icon>
);

export const SignOutIcon = () => (
  <Icon>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="M16 17l5-5-5-5" />
    <path d="M21 12H9" />
  </Icon>
);

export const SignInIcon = () => (
  <Icon>
    <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4" />
    <path d="M10 17l5-5-5-5" />
    <path d="M15 12H3" />
  </Icon>
);

export const SignUpIcon = () => (
  <Icon>
    <path d="M16 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2" />
    <circle cx="8.5" cy="7" r="4" />
    <path d="M20 8v6M23 11h-6" />
  </Icon>
);

export const SearchIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="8" />
    <path d="M21 21l-4.35-4.35" />
  </Icon>
);

export const MenuIcon = () => (
  <Icon>
    <path d="M3 6h18M3 12h18M3 18h18" />
  </Icon>
);

export const CloseIcon = () => (
  <Icon>
    <path d="M18 6L6 18M6 6l12 12" />
  </Icon>
);

export const RefreshIcon = () => (
  <Icon>
    <path d="M23 4v6h-6" />
    <path d="M20.49 15a9 9 0 1 1-2.12-9.36L23 10" />
  </Icon>
);

// ---- The play screen ----

export const UndoIcon = () => (
  <Icon size={18} weight={2.2}>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </Icon>
);

/** The sheet's column headers: the order in which a column is filled. */
export const DownwardsIcon = ({ className }: { className?: string }) => (
  <Icon weight={2.2} className={className}>
    <path d="M12 4v16M6 14l6 6 6-6" />
  </Icon>
);

export const UpwardsIcon = ({ className }: { className?: string }) => (
  <Icon weight={2.2} className={className}>
    <path d="M12 20V4M6 10l6-6 6 6" />
  </Icon>
);

export const FreeIcon = ({ className }: { className?: string }) => (
  <Icon weight={2.2} className={className}>
    <path d="M8 4v16M4 8l4-4 4 4M16 20V4M12 16l4 4 4-4" />
  </Icon>
);

export const AnnouncementIcon = ({ className }: { className?: string }) => (
  <Icon weight={2.2} className={className}>
    <path d="M4 10v4h3l6 4V6L7 10H4z" />
    <path d="M17 9a4 4 0 0 1 0 6M19.5 6.5a7.5 7.5 0 0 1 0 11" />
  </Icon>
);

/** HAND (ručna): a single throw of the hand. */
export const HandIcon = ({ className }: { className?: string }) => (
  <Icon weight={2} className={className}>
    <path d="M8 13V6a1.5 1.5 0 0 1 3 0v5M11 11V4.5a1.5 1.5 0 0 1 3 0V11M14 11V6a1.5 1.5 0 0 1 3 0v7" />
    <path d="M8 13l-1.6-1.8a1.6 1.6 0 0 0-2.4 2.1L8 19a5 5 0 0 0 4 2h1a4 4 0 0 0 4-4v-4" />
  </Icon>
);

/** MIDDLE (od sredine): from the middle of the sheet outwards. */
export const MiddleIcon = ({ className }: { className?: string }) => (
  <Icon weight={2.2} className={className}>
    <path d="M12 10V3M8 7l4-4 4 4M12 14v7M8 17l4 4 4-4M7 12h10" />
  </Icon>
);

/** EDGES (od krajeva): from both edges of the sheet towards the middle. */
export const EdgesIcon = ({ className }: { className?: string }) => (
  <Icon weight={2.2} className={className}>
    <path d="M12 3v7M8 6l4 4 4-4M12 21v-7M8 18l4-4 4 4M7 12h10" />
  </Icon>
);

export const BellIcon = () => (
  <Icon>
    <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
    <path d="M13.73 21a2 2 0 0 1-3.46 0" />
  </Icon>
);

export const CheckIcon = () => (
  <Icon>
    <path d="M20 6L9 17l-5-5" />
  </Icon>
);

/** The winner's crown (and the owner's, in the lobby). */
export const CrownIcon = ({ size = 18, className }: { size?: number; className?: string }) => (
  <Icon size={size} weight={1.8} className={className ? `crown-icon ${className}` : 'crown-icon'}>
    <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" fill="currentColor" fillOpacity="0.85" />
  </Icon>
);

const REACTION_PATHS: Record<Reaction, ReactNode> = {
  party: (
    <>
      <path d="M4 20l4.5-11.5 7 7z" fill="currentColor" fillOpacity="0.2" />
      <path d="M13 3.5v2.5M18.5 5.5l-2 2M20.5 11h-2.5M15 8.5c1-1 2.5-1 3.5 0" />
      <circle cx="10" cy="4.5" r="0.6" fill="currentColor" />
      <circle cx="20" cy="15" r="0.6" fill="currentColor" />
    </>
  ),
  clover: (
    <>
      <circle cx="8.7" cy="8.7" r="3.3" fill="currentColor" fillOpacity="0.2" />
      <circle cx="15.3" cy="8.7" r="3.3" fill="currentColor" fillOpacity="0.2" />
      <circle cx="8.7" cy="15.3" r="3.3" fill="currentColor" fillOpacity="0.2" />
      <circle cx="15.3" cy="15.3" r="3.3" fill="currentColor" fillOpacity="0.2" />
      <path d="M12 12l5.5 9.5" />
    </>
  ),
  violin: (
    <>
      <path d="M9.5 9.5c-2 0-3 1.3-2.4 2.8.4.9-.6 1.3-.6 2.6 0 2.4 2 4.1 4.5 4.1s4.5-1.7 4.5-4.1c0-1.3-1-1.7-.6-2.6.6-1.5-.4-2.8-2.4-2.8z" />
      <path d="M11 9.5V3M9.5 3.5h3M11 14v3" />
      <path d="M17.5 4L20 20" />
    </>
  ),
  question: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.3 9.2a2.8 2.8 0 1 1 3.9 2.6c-.8.4-1.2 1-1.2 1.8v.6" />
      <path d="M12 17.3h.01" strokeWidth={2.4} />
    </>
  ),
};

export const ReactionIcon = ({ reaction, size = 22 }: { reaction: Reaction; size?: number }) => (
  <Icon size={size} weight={1.8} className={`reaction-icon reaction-icon--${reaction}`}>
    {REACTION_PATHS[reaction]}
  </Icon>
);
