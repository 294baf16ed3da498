import type { ReactNode } from 'react';
import type { Reaction } from '../../../contract/clashes';

// The clash screens' own pictures, drawn on a 24 px grid like web/components/icons.tsx (which the other
// screens share). Always beside a visible or spoken label, so hidden from assistive technology. Drawn
// rather than emoji: a machine without an emoji font would show empty boxes.

function Svg({ children, size = 20, className }: { children: ReactNode; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** The winner's crown (and the owner's, in the lobby). */
export const CrownIcon = ({ size = 18, className }: { size?: number; className?: string }) => (
  <Svg size={size} className={className ? `crown-icon ${className}` : 'crown-icon'}>
    <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" fill="currentColor" fillOpacity="0.85" />
  </Svg>
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
  <Svg size={size} className={`reaction-icon reaction-icon--${reaction}`}>
    {REACTION_PATHS[reaction]}
  </Svg>
);
