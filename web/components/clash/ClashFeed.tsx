import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClashChatMessage } from '../../../contract/clashes';
import { ReactionIcon } from '../icons';

/** SPEC section 9: a reaction is shown 3 s, a suggestion 2 s. */
export const REACTION_SHOWN_MS = 3000;
export const SUGGESTION_SHOWN_MS = 2000;

interface FeedItem {
  key: number;
  message: ClashChatMessage;
}

/** The reactions and suggestions on screen now; each leaves by itself after its time. */
export function useClashFeed() {
  const [items, setItems] = useState<FeedItem[]>([]);
  const next = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const push = useCallback((message: ClashChatMessage) => {
    const key = next.current++;
    setItems((current) => [...current, { key, message }]);
    const timer = setTimeout(
      () => {
        timers.current.delete(timer);
        setItems((current) => current.filter((item) => item.key !== key));
      },
      message.type === 'REACTION' ? REACTION_SHOWN_MS : SUGGESTION_SHOWN_MS,
    );
    timers.current.add(timer);
  }, []);

  return { items, push };
}

/** Where the members' reactions and suggestions appear, over the board, read out as they come. */
export function ClashFeed({ items }: { items: FeedItem[] }) {
  const { t } = useTranslation();
  return (
    <div className="clash-feed" role="log" aria-label={t('clashes.talk.feed')}>
      {items.map(({ key, message }) =>
        message.type === 'REACTION' ? (
          <p key={key} className="clash-feed-item clash-feed-item--reaction">
            <ReactionIcon reaction={message.content} size={32} />
            <span>
              <strong>{message.name}</strong> {t(`clashes.talk.reactions.${message.content}`)}
            </span>
          </p>
        ) : (
          <p key={key} className="clash-feed-item clash-feed-item--suggestion">
            <strong>{message.name}</strong> <q>{message.content}</q>
          </p>
        ),
      )}
    </div>
  );
}
