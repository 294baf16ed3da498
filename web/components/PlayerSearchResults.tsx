import type { TFunction } from 'i18next';
import { type KeyboardEvent, type Ref, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePlayerLookup } from '../api/players';
import { Avatar } from './Avatar';
import { useDebounced } from './useDebounced';

/** Typing waits this long before it asks, so a name typed quickly is one request. */
const SEARCH_DELAY_MS = 250;

/**
 * What the navigation's search box found for `typed` (PlayerSearch): the players, each a link to their page,
 * and the line under the box, told through `onStatus`. The list says when it has settled (`data-settled`),
 * so that Enter in the box opens the first player of the answer to what was typed, not of an older one.
 */
export function PlayerSearchResults({
  ref,
  typed,
  onStatus,
  onOpen,
  onBack,
}: {
  ref: Ref<HTMLUListElement>;
  typed: string;
  onStatus: (status: string) => void;
  /** A player's link was followed: the box empties. */
  onOpen: () => void;
  /** Escape, or ArrowUp from the first player: back to the box. */
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const query = useDebounced(typed, SEARCH_DELAY_MS);
  const search = usePlayerLookup(query);
  const hits = typed && query ? (search.data ?? []) : [];
  const settled = query === typed && !search.isFetching;
  const status = searchStatus(t, typed, search.isError, settled, hits.length);
  useEffect(() => onStatus(status), [onStatus, status]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = [...event.currentTarget.querySelectorAll('a')];
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = at + (event.key === 'ArrowDown' ? 1 : -1);
      if (next < 0) onBack();
      else all[Math.min(next, all.length - 1)]?.focus();
    } else if (event.key === 'Escape') {
      onOpen();
      onBack();
    }
  };

  if (!hits.length) return null;
  return (
    <ul
      ref={ref}
      className="nav-search-results"
      aria-label={t('nav.searchResults')}
      data-settled={settled}
      onKeyDown={onKeyDown}
    >
      {hits.map((hit) => (
        <li key={hit.id}>
          <Link to={`/players/${hit.id}`} className="nav-search-hit" onClick={onOpen}>
            <Avatar player={hit} size={24} />
            <span className="nav-search-name">{hit.name}</span>
            {hit.bot ? <span className="bot-badge">{t('nav.searchBot')}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The line under the box (a live region): nothing typed, a failure, still looking, none, or how many. */
function searchStatus(t: TFunction, typed: string, failed: boolean, settled: boolean, found: number): string {
  if (!typed) return '';
  if (failed) return t('nav.searchFailed');
  if (!settled && found === 0) return t('nav.searching');
  if (found === 0) return t('nav.searchNone', { text: typed });
  return t('nav.searchFound', { count: found });
}
