import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClashLogEntry } from '../../../contract/clashes';
import { ReactionIcon } from '../icons';

/** The clash log as this tab knows it: every line once, in the order written, whatever the sockets resent. */
export function useClashLog() {
  const [entries, setEntries] = useState<ClashLogEntry[]>([]);
  const add = useCallback((incoming: ClashLogEntry[], whole: boolean) => {
    setEntries((current) => {
      const bySeq = new Map((whole ? [] : current).map((e) => [e.seq, e]));
      for (const entry of incoming) bySeq.set(entry.seq, entry);
      return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
    });
  }, []);
  return { entries, add };
}

function LogLine({ entry }: { entry: ClashLogEntry }) {
  const { t } = useTranslation();
  const name = <strong>{entry.name}</strong>;
  switch (entry.kind) {
    case 'FILL':
      return (
        <>
          {name}{' '}
          {t('clashes.log.fill', {
            score: entry.score,
            box: t(`game.boxes.${entry.box}`),
            column: t(`game.columns.${entry.column}`),
          })}
        </>
      );
    case 'REACTION':
      return (
        <>
          {name} <ReactionIcon reaction={entry.content} size={18} />{' '}
          {t(`clashes.talk.reactions.${entry.content}`)}
        </>
      );
    case 'SUGGESTION':
      return (
        <>
          {name} <q>{entry.content}</q>
        </>
      );
    case 'PASSED':
      return <>{t('clashes.log.passed', { by: entry.by, name: entry.name })}</>;
    case 'MORE_TIME':
      return <>{t('clashes.log.moreTime', { by: entry.by, name: entry.name })}</>;
    default:
      return (
        <>
          {name} {t(`clashes.log.${entry.kind}`)}
        </>
      );
  }
}

const KIND_CLASS: Record<ClashLogEntry['kind'], string> = {
  FILL: 'turn',
  TIMEOUT: 'turn',
  PASSED: 'turn',
  MORE_TIME: 'turn',
  FORFEITED: 'out',
  RESIGNED: 'out',
  REACTION: 'said',
  SUGGESTION: 'said',
};

/**
 * The clash log beside the board: turns with what they wrote, turns run out or passed, players out, and what
 * the members said, newest at the bottom and kept in view as lines come (unless the reader scrolled up).
 */
export function ClashLog({ entries, id }: { entries: ClashLogEntry[]; id?: string }) {
  const { t, i18n } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' });

  useEffect(() => {
    const box = list.current;
    if (box && pinned.current) box.scrollTop = box.scrollHeight;
  }, [entries.length]);

  return (
    <section className="clash-log card" id={id} aria-labelledby="clash-log-title">
      <h2 id="clash-log-title" className="clash-log-title">
        {t('clashes.log.title')}
      </h2>
      {entries.length === 0 ? (
        <p className="clash-log-empty">{t('clashes.log.empty')}</p>
      ) : (
        <div
          ref={list}
          className="clash-log-lines"
          role="log"
          aria-label={t('clashes.log.title')}
          tabIndex={0}
          onScroll={(event) => {
            const box = event.currentTarget;
            pinned.current = box.scrollHeight - box.scrollTop - box.clientHeight < 24;
          }}
        >
          <ol className="clash-log-list">
            {entries.map((entry) => (
              <li key={entry.seq} className={`clash-log-line clash-log-line--${KIND_CLASS[entry.kind]}`}>
                <time className="clash-log-time" dateTime={entry.at}>
                  {time.format(new Date(entry.at))}
                </time>
                <span className="clash-log-text">
                  <LogLine entry={entry} />
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
