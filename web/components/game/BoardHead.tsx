import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dayOf } from '../../../contract/days';
import type { GameResource } from '../../../contract/games';
import type { LiveState } from '../../api/live';
import { formatPercent } from '../../format';
import { formatDay } from '../daily/day';
import { rulesName } from '../rules/rulesName';

export interface BoardHeadProps {
  game: GameResource;
  isPlayer: boolean;
  live: LiveState;
  /** 2 when the page around the board has its own h1 (a clash). */
  level?: 1 | 2;
  /** Instead of the heading the game's type and status give. */
  title?: string;
}

/**
 * A clash game is headed as its player's sheet for them. An archived game is no longer played or watched
 * live: it is headed with its number for its player ("Game 12") and with its player's name for others.
 */
function heading(game: GameResource, isPlayer: boolean, t: TFunction, locale: string): string {
  // A daily game is headed with its day, which is the same game for everyone.
  if (game.type === 'DAILY') {
    const date = formatDay(dayOf(Date.parse(game.createdAt)), locale);
    return isPlayer ? t('daily.heading', { date }) : t('daily.headingOf', { date, name: game.player.name });
  }
  // In a clash the page is the match: the player's own board is their sheet in it.
  if (game.type === 'CLASH' && isPlayer) return t('game.yourSheet');
  if (game.status === 'ARCHIVED') {
    return isPlayer ? t('game.numbered', { id: game.id }) : t('game.title', { name: game.player.name });
  }
  return isPlayer ? t('game.play') : t('game.watching', { name: game.player.name });
}

/**
 * The board's title and its chips: the game's status, how much of the sheet is filled, its rule set (a preset's
 * name or "Custom"), the live socket.
 */
export function BoardHead({ game, isPlayer, live, level = 1, title }: BoardHeadProps) {
  const { t, i18n } = useTranslation();
  const Heading = level === 1 ? 'h1' : 'h2';
  const completed = game.status !== 'IN_PROGRESS';
  return (
    <header className="board-head">
      <Heading id="board-title" className="board-title">
        {title ?? heading(game, isPlayer, t, i18n.language)}
      </Heading>
      <ul className="board-stats">
        <li className={`board-chip board-chip--${game.status.toLowerCase()}`}>
          {/* A clash puts away the sheets left unfinished when it ends, the winner's among them. */}
          {game.type === 'CLASH' && game.status === 'ARCHIVED'
            ? t('game.status.clashOver')
            : t(`game.status.${game.status}`)}
        </li>
        <li className="board-chip">
          {t('game.progress', { progress: formatPercent(game.progress, i18n.language) })}
        </li>
        <li className="board-chip board-chip--rules" data-testid="board-rules">
          {t('game.ruleSets.label', { name: rulesName(t, game.rules) })}
        </li>
        {/* A finished game's replay (issue 30), once the server says it may be shown (a clash over, a day over). */}
        {game._links.replay ? (
          <li>
            <Link className="board-chip board-chip--replay" to={`/games/${game.id}/replay`}>
              {t('game.replay')}
            </Link>
          </li>
        ) : null}
        {live !== 'inactive' && !completed ? (
          <li
            className={live === 'open' ? 'board-chip board-live board-live--open' : 'board-chip board-live'}
          >
            {t('game.live')}
          </li>
        ) : null}
      </ul>
    </header>
  );
}
