import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type usePlayerSearch, useYambBot } from '../../api/clashes';
import { CloseIcon } from '../icons';
import { BotBadge } from '../player/BotBadge';
import { ClashAvatar } from './ClashAvatar';
import { usePickerOffers } from './usePickerOffers';

/** A player as the picker shows and hands them back. */
export interface PickedPlayer {
  id: number;
  name: string;
  avatar: { url: string } | null;
  bot?: boolean;
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
  const { query, search, typed, hidden, candidates, here } = usePickerOffers(text, selected, exclude);
  const bot = useYambBot().data ?? null;
  const full = selected.length >= max;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const resultsId = `${id}-results`;

  const pick = (player: PickedPlayer) => {
    if (full || hidden.has(player.id)) return;
    onChange([...selected, { id: player.id, name: player.name, avatar: player.avatar, bot: player.bot }]);
    setText('');
    document.getElementById(id)?.focus();
  };

  const status = pickerStatus(t, { full, max, typed, text, query, search, empty: candidates.length === 0 });

  return (
    <div className="field player-picker">
      <label htmlFor={id}>{label}</label>
      <PickerChips
        selected={selected}
        here={here}
        onRemove={(player) => onChange(selected.filter((p) => p.id !== player.id))}
      />
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
        aria-describedby={error ? errorId : hintId}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      {/* The results open right under the field typed in; the hint and the bot's button follow them. */}
      <div id={resultsId} className="picker-results" aria-live="polite">
        {!full && candidates.length ? (
          <PickerOptions candidates={candidates} typed={typed} here={here} onPick={pick} />
        ) : null}
        {status ? <p className="picker-status muted">{status}</p> : null}
      </div>
      {/* An error says the rule already: the hint that repeats it makes way (as Field.tsx does). */}
      {error ? null : (
        <p id={hintId} className="field-hint">
          {t('clashes.picker.hint', { count: max })}
        </p>
      )}
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
    </div>
  );
}

/** The chosen players, each a chip with a button that takes it out. */
function PickerChips({
  selected,
  here,
  onRemove,
}: {
  selected: PickedPlayer[];
  here: (player: PickedPlayer) => boolean;
  onRemove: (player: PickedPlayer) => void;
}) {
  const { t } = useTranslation();
  if (!selected.length) return null;
  return (
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
            onClick={() => onRemove(player)}
          >
            <CloseIcon />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The players found (or, before anything is typed, those online now), each a button that picks them. */
function PickerOptions({
  candidates,
  typed,
  here,
  onPick,
}: {
  candidates: PickedPlayer[];
  typed: boolean;
  here: (player: PickedPlayer) => boolean;
  onPick: (player: PickedPlayer) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {typed ? null : <p className="picker-results-title">{t('clashes.picker.onlineNow')}</p>}
      <ul className="picker-list">
        {candidates.map((player) => (
          <li key={player.id}>
            <button type="button" className="picker-option" onClick={() => onPick(player)}>
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
  );
}

/** The line under the results: the picker is full, still searching, failed, or found nobody. */
function pickerStatus(
  t: TFunction,
  {
    full,
    max,
    typed,
    text,
    query,
    search,
    empty,
  }: {
    full: boolean;
    max: number;
    typed: boolean;
    text: string;
    query: string;
    search: ReturnType<typeof usePlayerSearch>;
    empty: boolean;
  },
): string | null {
  if (full) return t('clashes.picker.full', { count: max + 1 });
  if (typed && (search.isFetching || query !== text) && empty) return t('clashes.picker.searching');
  if (typed && search.isError) return search.error.message;
  if (typed && search.data && empty) return t('clashes.picker.none', { name: text.trim() });
  return null;
}
