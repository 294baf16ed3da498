import type { TFunction } from 'i18next';
import { type KeyboardEvent, type Ref, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePlayerLookup } from '../api/players';
import type { PlayerSearchHit } from '../../contract/players';
import { Avatar } from './Avatar';
import { SearchIcon } from './icons';
import { useDebounced } from './useDebounced';

/** Typing waits this long before it asks, so a name typed quickly is one request. */
const SEARCH_DELAY_MS = 250;

/**
 * The navigation's search box: registered players by name (GET /api/players/search), each a link to their
 * page. From the box, ArrowDown goes to the first result and Enter opens it; the arrows move between the
 * results, Escape empties the box. A line under it (a live region) says what was found.
 */
export function PlayerSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const results = useRef<HTMLUListElement>(null);
  const typed = text.trim();
  const query = useDebounced(typed, SEARCH_DELAY_MS);
  const search = usePlayerLookup(query);
  const hits = typed && query ? (search.data ?? []) : [];
  const settled = query === typed && !search.isFetching;

  const status = searchStatus(t, typed, search.isError, settled, hits.length);

  const links = () => [...(results.current?.querySelectorAll('a') ?? [])];
  const close = () => setText('');

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && hits.length) {
      event.preventDefault();
      links()[0]?.focus();
    } else if (event.key === 'Enter' && hits.length && settled) {
      event.preventDefault();
      void navigate(`/players/${hits[0].id}`);
      close();
    } else if (event.key === 'Escape') close();
  };

  const onResultsKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = at + (event.key === 'ArrowDown' ? 1 : -1);
      if (next < 0) input.current?.focus();
      else all[Math.min(next, all.length - 1)]?.focus();
    } else if (event.key === 'Escape') {
      close();
      input.current?.focus();
    }
  };

  return (
    <div className="nav-search-box" role="search">
      <div className="nav-search">
        <label htmlFor="nav-search" className="visually-hidden">
          {t('nav.search')}
        </label>
        <SearchIcon />
        <input
          ref={input}
          id="nav-search"
          type="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={50}
          placeholder={t('nav.searchPlaceholder')}
          value={text}
          aria-describedby="nav-search-status"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onInputKey}
        />
      </div>
      <p id="nav-search-status" className={typed ? 'nav-search-status' : 'visually-hidden'} role="status">
        {status}
      </p>
      {hits.length ? <SearchHits ref={results} hits={hits} onKeyDown={onResultsKey} onOpen={close} /> : null}
    </div>
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

/** The players found, each a link to their page. */
function SearchHits({
  ref,
  hits,
  onKeyDown,
  onOpen,
}: {
  ref: Ref<HTMLUListElement>;
  hits: PlayerSearchHit[];
  onKeyDown: (event: KeyboardEvent<HTMLUListElement>) => void;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ul ref={ref} className="nav-search-results" aria-label={t('nav.searchResults')} onKeyDown={onKeyDown}>
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
