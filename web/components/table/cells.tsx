import { Fragment } from 'react';
import { Link } from 'react-router';
import type { PlayerRef } from '../../../contract/players';
import { lastPlayed, nameParts } from '../game/list';

/** A player's name that breaks between its words (PurpleDolphin999 → Purple·Dolphin·999), never inside one. */
export function BreakableName({ name }: { name: string }) {
  return (
    <>
      {nameParts(name).map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** The player's name linking to their page. */
export function PlayerLink({ player }: { player: PlayerRef }) {
  return (
    <Link to={`/players/${player.id}`} className="data-link">
      <BreakableName name={player.name} />
    </Link>
  );
}

/** "5 minutes ago" within the last week, else the date; the full date and time on hover. */
export function When({ iso, locale, short }: { iso: string; locale: string; short?: boolean }) {
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString(locale)}>
      {lastPlayed(iso, Date.now(), locale, short ? 'short' : 'long')}
    </time>
  );
}
