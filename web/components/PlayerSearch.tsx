import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from './icons';
import { Deferred, onDemand } from './onDemand';

// The results are a chunk of their own, fetched at the first letter typed: the box is on every screen's first
// paint, its lookup is not (the first load stays under 150 kB).
const PlayerSearchResults = onDemand(() =>
  import('./PlayerSearchResults').then((m) => m.PlayerSearchResults),
);

/**
 * The navigation's search box: registered players by name (GET /api/players/search), each a link to their
 * page. From the box, ArrowDown goes to the first result and Enter opens it; the arrows move between the
 * results, Escape empties the box. A line under it (a live region) says what was found.
 */
export function PlayerSearch() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const results = useRef<HTMLUListElement>(null);
  const typed = text.trim();
  const close = () => setText('');

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const first = results.current?.querySelector('a');
    if (event.key === 'ArrowDown' && first) {
      event.preventDefault();
      first.focus();
    } else if (event.key === 'Enter' && first && results.current?.dataset.settled === 'true') {
      event.preventDefault();
      first.click();
    } else if (event.key === 'Escape') close();
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
        {typed ? status : ''}
      </p>
      <Deferred until={!!typed}>
        <PlayerSearchResults
          ref={results}
          typed={typed}
          onStatus={setStatus}
          onOpen={close}
          onBack={() => input.current?.focus()}
        />
      </Deferred>
    </div>
  );
}
