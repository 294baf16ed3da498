import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlayerSearch, useYambBot } from '../../api/clashes';
import { useActivePlayers } from '../../api/presence';
import { CloseIcon } from '../icons';
import { BotBadge } from '../player/BotBadge';
import { ClashAvatar } from './ClashAvatar';
import { useOnline } from './useOnline';

/** A player as the picker shows and hands them back. */
export interface PickedPlayer {
  id: number;
  name: string;
  avatar: { url: string } | null;
  bot?: boolean;
}

/** Typing waits this long before it searches, so a name typed quickly is one request. */
const SEARCH_DELAY_MS = 250;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export interface PlayerPickerProps {
  id: string;
  label: string;
  selected: PickedPlayer[];
  onChange: (next: PickedPlayer[]) => void;
  /** How many players may be selected in all. */
  max: number;
  /** Players who cannot be picked (the viewer, those already in the clash). */
  exclude: readonly number[];
  error?: string | null;
}

/**
 * Finds registered players by name as the user types (online ones marked, and listed before anything
 * is typed), and keeps the chosen ones as removable chips. At most `max` can be chosen.
 */
export function PlayerPicker({ id, label, selected, onChange, max, exclude, error }: PlayerPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const query = useDebounced(text, SEARCH_DELAY_MS);
  const search = usePlayerSearch(query);
  const active = useActivePlayers();
  const online = useOnline();
  const bot = useYambBot().data ?? null;
  // The bot is always there to play.
  const here = (player: PickedPlayer) => player.bot === true || online(player.id);
  const full = selected.length >= max;
  const hidden = new Set([...exclude, ...selected.map((p) => p.id)]);
  const typed = text.trim().length > 0;
  const candidates: PickedPlayer[] = (typed ? (search.data ?? []) : active).filter((p) => !hidden.has(p.id));
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const resultsId = `${id}-results`;

  const pick = (player: PickedPlayer) => {
    if (full || hidden.has(player.id)) return;
    onChange([...selected, { id: player.id, name: player.name, avatar: player.avatar, bot: player.bot }]);
    setText('');
    document.getElementById(id)?.focus();
  };

  let status: string | null = null;
  if (full) status = t('clashes.picker.full', { count: max + 1 });
  else if (typed && (search.isFetching || query !== text) && candidates.length === 0)
    status = t('clashes.picker.searching');
  else if (typed && search.isError) status = search.error.message;
  else if (typed && search.data && candidates.length === 0)
    status = t('clashes.picker.none', { name: text.trim() });

  return (
    <div className="field player-picker">
      <label htmlFor={id}>{label}</label>
      {selected.length ? (
        <ul className="picker-chips" aria-label={t('clashes.picker.chosen')}>
          {selected.map((player) => (
            <li key={player.id} className="picker-chip">
              <ClashAvatar player={player} online={here(player)} size={24} />
              <span className="picker-chip-name">{player.name}</span>
              {player.bot ? <BotBadge /> : null}
              <button
                type="button"
                className="picker-chip-remove"
                aria-label={t('clashes.picker.remove', { name: player.name })}
                onClick={() => onChange(selected.filter((p) => p.id !== player.id))}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('clashes.picker.placeholder')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        disabled={full}
        aria-invalid={error ? true : undefined}
        aria-controls={resultsId}
        aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ')}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="field-hint">
        {t('clashes.picker.hint', { count: max })}
      </p>
      {bot && !full && !hidden.has(bot.id) ? (
        <button
          type="button"
          className="button picker-bot"
          onClick={() => pick(bot)}
          title={t('clashes.picker.addBotHint')}
        >
          {t('clashes.picker.addBot')}
        </button>
      ) : null}
      <div id={resultsId} className="picker-results" aria-live="polite">
        {!full && candidates.length ? (
          <>
            {typed ? null : <p className="picker-results-title">{t('clashes.picker.onlineNow')}</p>}
            <ul className="picker-list">
              {candidates.map((player) => (
                <li key={player.id}>
                  <button type="button" className="picker-option" onClick={() => pick(player)}>
                    {/* Named by what it shows ("Choose Ben online"): a label other than the visible words
                        would not match what a voice-control user says (WCAG 2.5.3). */}
                    <ClashAvatar player={player} online={here(player)} size={28} spoken={false} />
                    <span className="visually-hidden">{t('clashes.picker.choose')}</span>{' '}
                    <span className="picker-option-name">{player.name}</span>{' '}
                    <span className={here(player) ? 'picker-online' : 'picker-offline'}>
                      {t(here(player) ? 'clashes.online' : 'clashes.offline')}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {status ? <p className="picker-status muted">{status}</p> : null}
      </div>
    </div>
  );
}
