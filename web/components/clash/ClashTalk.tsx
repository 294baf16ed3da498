import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClashClientMessage } from '../../../contract/clashes';
import {
  CLASH_MESSAGE_COOLDOWN_MS,
  type Reaction,
  REACTIONS,
  SUGGESTION_MAX,
} from '../../../contract/clashRules';
import { ReactionIcon } from '../icons';

/** The time left of a cooldown, counting down while one runs. */
function useCooldown(ms: number) {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, until - now);
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) clearInterval(timer);
    }, 100);
    return () => clearInterval(timer);
  }, [until]);
  const start = useCallback(() => {
    const time = Date.now();
    setNow(time);
    setUntil(time + ms);
  }, [ms]);
  return { remaining, start };
}

export interface ClashTalkProps {
  /** Sends over the clash's socket; false when it is not open. */
  send: (message: ClashClientMessage) => boolean;
  onOffline: () => void;
}

/**
 * A member's reactions and suggestions. After each, both wait out the cooldown of SPEC section 9 (the
 * room refuses anything sooner), counting down on the buttons.
 */
export function ClashTalk({ send, onOffline }: ClashTalkProps) {
  const { t } = useTranslation();
  const cooldown = useCooldown(CLASH_MESSAGE_COOLDOWN_MS);
  const [text, setText] = useState('');
  const cooling = cooldown.remaining > 0;
  const seconds = Math.ceil(cooldown.remaining / 1000);
  const trimmed = text.trim();

  const say = (message: ClashClientMessage) => {
    if (cooling) return false;
    if (!send(message)) {
      onOffline();
      return false;
    }
    cooldown.start();
    return true;
  };

  const suggest = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    if (say({ type: 'SUGGESTION', content: trimmed })) setText('');
  };

  const wait = cooling ? (
    <span className="talk-wait" aria-hidden="true">
      {t('clashes.talk.wait', { seconds })}
    </span>
  ) : null;

  return (
    <section className="clash-talk" aria-labelledby="clash-talk-title">
      <h2 id="clash-talk-title" className="visually-hidden">
        {t('clashes.talk.title')}
      </h2>
      <Reactions
        cooling={cooling}
        wait={wait}
        onReaction={(reaction) => say({ type: 'REACTION', content: reaction })}
      />
      <form className="talk-suggest" onSubmit={suggest}>
        <label htmlFor="clash-suggestion" className="visually-hidden">
          {t('clashes.talk.suggestion')}
        </label>
        <input
          id="clash-suggestion"
          type="text"
          value={text}
          maxLength={SUGGESTION_MAX}
          placeholder={t('clashes.talk.suggestionPlaceholder')}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          enterKeyHint="send"
        />
        <button type="submit" className="button button-primary talk-send" disabled={cooling || !trimmed}>
          {t('clashes.talk.send')}
          {wait}
        </button>
      </form>
      {cooling ? (
        <p className="visually-hidden" role="status">
          {t('clashes.talk.cooldown', { seconds: CLASH_MESSAGE_COOLDOWN_MS / 1000 })}
        </p>
      ) : null}
    </section>
  );
}

/** The reaction buttons, each waiting out the cooldown with the others. */
function Reactions({
  cooling,
  wait,
  onReaction,
}: {
  cooling: boolean;
  /** The countdown shown on each button while cooling. */
  wait: ReactNode;
  onReaction: (reaction: Reaction) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={cooling ? 'talk-reactions talk-cooling' : 'talk-reactions'}
      role="group"
      aria-label={t('clashes.talk.reactionsLabel')}
    >
      {REACTIONS.map((reaction) => (
        <button
          key={reaction}
          type="button"
          className="button talk-reaction"
          disabled={cooling}
          onClick={() => onReaction(reaction)}
        >
          <ReactionIcon reaction={reaction} />
          <span className="talk-reaction-label">{t(`clashes.talk.reactions.${reaction}`)}</span>
          {wait}
        </button>
      ))}
    </div>
  );
}
