import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClashLogEntry, ClashPlayer, ClashResource } from '../../../contract/clashes';
import { useBoxWidth } from '../chart/useBoxWidth';
import { onTabListKeys } from '../tabListKeys';
import { ClashBoard } from './ClashBoard';
import { ClashLog } from './ClashLog';
import { ClashSheet } from './ClashSheet';
import { onTurn } from './model';

/** From this width of the table on, the log (and the viewer's own sheet) sit beside the board. */
export const TABLE_WIDE_PX = 860;

const LOG_TAB = 'log';
type Shown = number | typeof LOG_TAB;

export interface ClashTableProps {
  clash: ClashResource;
  viewerId: number | null;
  log: ClashLogEntry[];
  /** Over the board of a player the viewer does not play (whose turn, or whose finished sheet). */
  bannerOf: (player: ClashPlayer) => string | undefined;
}

interface SheetTabsProps {
  seats: ClashPlayer[];
  viewerId: number | null;
  onTurnId: number | null;
  /** The log's line count when the log is a tab (a narrow table), else null. */
  logCount: number | null;
  shown: Shown | null;
  onChoose: (shown: Shown) => void;
}

/** The table's tab list: a tab per player's sheet (name, total, the one on turn), and the log's on a narrow table. */
function SheetTabs({ seats, viewerId, onTurnId, logCount, shown, onChoose }: SheetTabsProps) {
  const { t } = useTranslation();
  const tab = (key: Shown, label: ReactNode, extra?: string, title?: string) => (
    <button
      key={key}
      type="button"
      role="tab"
      title={title}
      id={`clash-tab-${key}`}
      className={['clash-tab', extra].filter(Boolean).join(' ')}
      aria-selected={shown === key}
      aria-controls="clash-table-panel"
      tabIndex={shown === key ? 0 : -1}
      onClick={() => onChoose(key)}
    >
      {label}
    </button>
  );
  return (
    <div
      className="clash-tabs"
      role="tablist"
      aria-label={t('clashes.table.sheets')}
      onKeyDown={onTabListKeys}
    >
      {seats.map((p) =>
        tab(
          p.id,
          <>
            <span className="clash-tab-name">{p.id === viewerId ? t('clashes.table.you') : p.name}</span>
            <span className="clash-tab-meta">
              <span className="clash-tab-score">{p.score ?? 0}</span>
              {p.id === onTurnId ? (
                <span className="clash-tab-turn" role="img" aria-label={t('clashes.table.onTurn')} />
              ) : null}
            </span>
          </>,
          p.id === onTurnId ? 'clash-tab--turn' : undefined,
          p.name,
        ),
      )}
      {logCount !== null
        ? tab(
            LOG_TAB,
            <>
              <span className="clash-tab-name">{t('clashes.log.tab')}</span>
              <span className="clash-tab-meta">
                <span className="clash-tab-score">{logCount}</span>
              </span>
            </>,
            'clash-tab--log',
          )
        : null}
    </div>
  );
}

/**
 * Every sheet of the clash at one table: a tab per player (name, total, who is on turn) opens that player's
 * board; the board on turn is shown unless the viewer chose another, and comes back by itself when the turn
 * passes to the viewer. Where the table is wide, the clash log and the viewer's own sheet (while they watch
 * another board) sit beside the board; on a narrower screen the log is one more tab.
 */
export function ClashTable({ clash, viewerId, log, bannerOf }: ClashTableProps) {
  const { t } = useTranslation();
  const [box, width] = useBoxWidth();
  const wide = width >= TABLE_WIDE_PX;
  const current = onTurn(clash);
  const seats = clash.players.filter((p) => p.gameId !== null);
  const me = seats.find((p) => p.id === viewerId) ?? null;
  const [chosen, setChosen] = useState<Shown | null>(null);
  const mine = current !== null && current.id === viewerId;

  // The turn passed to the viewer: their board comes back, whatever they were reading.
  useEffect(() => {
    if (mine) setChosen(null);
  }, [mine, clash.turnStartedAt]);

  const fallback = current?.id ?? me?.id ?? seats.find((p) => p.crown)?.id ?? seats[0]?.id ?? null;
  let shown: Shown | null = chosen ?? fallback;
  if (shown === LOG_TAB && wide) shown = fallback;
  const shownPlayer = typeof shown === 'number' ? seats.find((p) => p.id === shown) : undefined;
  const ownBeside = wide && me?.gameId && shownPlayer && shownPlayer.id !== me.id ? me : null;
  const logInTabs = !wide;

  return (
    <div ref={box} className={wide ? 'clash-table clash-table--wide' : 'clash-table'}>
      <div className="clash-table-main">
        <SheetTabs
          seats={seats}
          viewerId={viewerId}
          onTurnId={current?.id ?? null}
          logCount={logInTabs ? log.length : null}
          shown={shown}
          onChoose={setChosen}
        />
        <div
          className="clash-table-panel"
          role="tabpanel"
          id="clash-table-panel"
          aria-labelledby={shown === null ? undefined : `clash-tab-${shown}`}
        >
          {shown === LOG_TAB ? <ClashLog entries={log} /> : null}
          {shownPlayer?.gameId ? (
            <ClashBoard
              key={shownPlayer.gameId}
              gameId={shownPlayer.gameId}
              clashId={clash.id}
              viewerId={viewerId}
              banner={bannerOf(shownPlayer)}
            />
          ) : null}
        </div>
      </div>
      {wide ? (
        <aside className="clash-table-side" aria-label={t('clashes.table.side')}>
          <ClashLog entries={log} />
          {ownBeside?.gameId ? (
            <ClashSheet
              gameId={ownBeside.gameId}
              clashId={clash.id}
              title={t('clashes.table.yourSheet')}
              version={clash.updatedAt}
            />
          ) : null}
        </aside>
      ) : null}
    </div>
  );
}
