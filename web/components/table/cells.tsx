import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlayerRef } from '../../../contract/players';
import type { PresetName } from '../../../game/rules';
import { lastPlayed, nameParts } from '../game/list';
import { BotBadge } from '../player/BotBadge';
import { rulesName } from '../rules/rulesName';

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

/** A name on one line, with an ellipsis where it does not fit (table.css `.data-name`). */
export function OneLineName({ name }: { name: string }) {
  return (
    <span className="data-name" title={name}>
      {name}
    </span>
  );
}

/**
 * The player's name linking to their page; the practice bot marked as such. `oneLine`: the name is never
 * broken, cut with an ellipsis where it does not fit (a list whose rows keep one height).
 */
export function PlayerLink({
  player,
  oneLine,
}: {
  player: PlayerRef & { bot?: boolean };
  oneLine?: boolean;
}) {
  return (
    <>
      <Link to={`/players/${player.id}`} className="data-link">
        {oneLine ? <OneLineName name={player.name} /> : <BreakableName name={player.name} />}
      </Link>
      {player.bot ? <BotBadge /> : null}
    </>
  );
}

/** Up to this width a table writes its dates short and packs its cells (table.css has the same width). */
export const COMPACT_TABLE = '(max-width: 720px)';

const WEEK_MS = 7 * 86_400_000;

/**
 * "5 minutes ago" within the last week, else the date; `short`: "5 min. ago", else the day and month
 * (and the year's last two digits when it is not this year). The full date and time on hover.
 */
export function when(iso: string, now: number, locale: string, short = false): string {
  const time = Date.parse(iso);
  if (!short || Number.isNaN(time) || Math.abs(now - time) < WEEK_MS) {
    return lastPlayed(iso, now, locale, short ? 'short' : 'long');
  }
  const sameYear = new Date(time).getFullYear() === new Date(now).getFullYear();
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: sameYear ? undefined : '2-digit',
  }).format(time);
}

export function When({ iso, locale, short }: { iso: string; locale: string; short?: boolean }) {
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString(locale)}>
      {when(iso, Date.now(), locale, short)}
    </time>
  );
}

/** A row's rule set: its preset's name, or "Custom" (set apart: such a game is ranked nowhere). */
export function RulesName({ preset }: { preset: PresetName | null }) {
  const { t } = useTranslation();
  const name = rulesName(t, { preset });
  return preset === null ? <span className="score-custom">{name}</span> : name;
}
