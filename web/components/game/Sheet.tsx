import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BOX_TYPES, type BoxType } from '../../../game/types';
import type { ColumnSums } from '../../../game/sums';
import type { ColumnType } from '../../../game/rules';
import { DieFace } from '../DieFace';
import { COLUMN_ICONS } from './columnIcons';
import type { CellView, SheetView } from './view';

export interface SheetProps {
  view: SheetView;
  /** The box that glows for 1.5 s after a fill. */
  glow: { column: ColumnType; box: BoxType } | null;
  /** The box a shown hint points at (to fill, to announce, or to aim a roll for). */
  marked: { column: ColumnType; box: BoxType } | null;
  /** The 300 ms after a click, and while a move is on its way: the boxes stay in place and focusable but take no click. */
  locked: boolean;
  onCell: (cell: CellView) => void;
}

const SECTIONS: { name: string; boxes: BoxType[]; sums: (keyof ColumnSums)[] }[] = [
  { name: 'top', boxes: BOX_TYPES.slice(0, 6), sums: ['top', 'bonus'] },
  { name: 'middle', boxes: ['MAX', 'MIN'], sums: ['middle'] },
  { name: 'bottom', boxes: BOX_TYPES.slice(8), sums: ['bottom'] },
];

const FACE: Partial<Record<BoxType, number>> = { ONES: 1, TWOS: 2, THREES: 3, FOURS: 4, FIVES: 5, SIXES: 6 };

function ColumnIcon({ column }: { column: ColumnType }) {
  const Icon = COLUMN_ICONS[column];
  return <Icon className="sheet-col-icon" />;
}

/**
 * Arrow keys move between the clickable boxes in the direction pressed: Down to the next box below in the same
 * column, else to the nearest row below that has one (its box nearest the column); Right to the next box in the
 * same row, else in the nearest column to the right; and so on. With nothing that way the focus stays.
 */
function moveFocus(event: KeyboardEvent<HTMLTableElement>) {
  const deltas: Record<string, [number, number]> = {
    ArrowUp: [0, -1],
    ArrowDown: [0, 1],
    ArrowLeft: [-1, 0],
    ArrowRight: [1, 0],
  };
  const delta = deltas[event.key];
  const from = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-col]');
  if (!delta || !from) return;
  event.preventDefault();
  const [dx, dy] = delta;
  const at = (b: HTMLButtonElement) => [Number(b.dataset.col), Number(b.dataset.row)] as const;
  const [col, row] = at(from);
  // How far a box is along the arrow, and how far off its line.
  const along = (b: HTMLButtonElement) => (at(b)[0] - col) * dx + (at(b)[1] - row) * dy;
  const aside = (b: HTMLButtonElement) => Math.abs(dx !== 0 ? at(b)[1] - row : at(b)[0] - col);
  const target = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-col]')]
    .filter((b) => along(b) > 0)
    .sort(
      (a, b) => Number(aside(a) > 0) - Number(aside(b) > 0) || along(a) - along(b) || aside(a) - aside(b),
    )[0];
  target?.focus();
}

function Cell({
  cell,
  col,
  row,
  glowing,
  marked,
  locked,
  onCell,
}: {
  cell: CellView;
  col: number;
  row: number;
  glowing: boolean;
  marked: boolean;
  locked: boolean;
  onCell: (cell: CellView) => void;
}) {
  const { t } = useTranslation();
  const box = t(`game.boxes.${cell.box}`);
  const column = t(`game.columns.${cell.column}`);
  const classes = [
    'sheet-cell',
    cell.value !== null ? 'sheet-cell--filled' : '',
    cell.action ? `sheet-cell--${cell.action}` : '',
    cell.announced ? 'sheet-cell--announced' : '',
    cell.latest ? 'sheet-cell--latest' : '',
    glowing ? 'sheet-cell--glow' : '',
    marked ? 'sheet-cell--advised' : '',
  ]
    .filter(Boolean)
    .join(' ');
  let content: ReactNode = null;
  if (cell.value !== null) {
    content = <span className="sheet-value">{cell.value}</span>;
  } else if (cell.action) {
    const fill = cell.action === 'fill';
    content = (
      <button
        type="button"
        className="sheet-button"
        data-col={col}
        data-row={row}
        aria-disabled={locked || undefined}
        aria-label={
          fill
            ? t('game.sheet.fill', { score: cell.preview, box, column })
            : t('game.sheet.announce', { box })
        }
        onClick={() => onCell(cell)}
      >
        {fill ? (
          <span className="sheet-preview">{cell.preview}</span>
        ) : (
          <span className="sheet-announce-mark" aria-hidden="true">
            !
          </span>
        )}
      </button>
    );
  } else if (cell.announced) {
    content = <span className="visually-hidden">{t('game.sheet.announced')}</span>;
  }
  return (
    <td className={classes} data-column={cell.column} data-box={cell.box}>
      {content}
      {marked ? <span className="visually-hidden">{t('game.advice.boxMarked')}</span> : null}
    </td>
  );
}

/**
 * A row's name, whole at every width: the full name where the sheet has room, else a short form (a die
 * face for 1–6, "Poker", "Σ 1–6"). Which one shows is up to game.css (container queries on the sheet's
 * width); the full name is always read out, and the row's title shows it as a tooltip.
 */
function BoxName({ box }: { box: BoxType }) {
  const { t } = useTranslation();
  const face = FACE[box];
  if (face) {
    return (
      <>
        <DieFace value={face} size={18} className="sheet-box-die" />
        <span className="sheet-name-full sheet-name-full--die">{t(`game.boxes.${box}`)}</span>
      </>
    );
  }
  return (
    <>
      <span className="sheet-name-full">{t(`game.boxes.${box}`)}</span>
      <span className="sheet-name-short" aria-hidden="true">
        {t(`game.boxesShort.${box}`)}
      </span>
    </>
  );
}

function SumName({ sum }: { sum: keyof ColumnSums | 'grandTotal' }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="sheet-name-full">{t(`game.sums.${sum}`)}</span>
      <span className="sheet-name-short" aria-hidden="true">
        {t(`game.sumsAbbr.${sum}`)}
      </span>
    </>
  );
}

/** The score sheet: the rule set's columns × 13 boxes with the section sums, as a real table. */
export function Sheet({ view, glow, marked, locked, onCell }: SheetProps) {
  const { t } = useTranslation();
  // --cols shares the columns' width equally (game.css); a sheet of more than SPEC's four columns takes the
  // short headings up to a wider width.
  const count = view.columns.length;
  return (
    <table
      className={count > 4 ? 'sheet sheet--wide' : 'sheet'}
      style={{ '--cols': count } as CSSProperties}
      onKeyDown={moveFocus}
    >
      <caption className="visually-hidden">{t('game.sheet.caption')}</caption>
      <SheetHead columns={view.columns} />
      {SECTIONS.map((section) => (
        <tbody key={section.name} className={`sheet-section sheet-section--${section.name}`}>
          {section.boxes.map((box) => {
            const row = BOX_TYPES.indexOf(box);
            return (
              <tr key={box} className="sheet-row">
                <th scope="row" className="sheet-box-name" title={t(`game.boxes.${box}`)}>
                  <BoxName box={box} />
                </th>
                {view.cells.map((column, col) => (
                  <Cell
                    key={view.columns[col]}
                    cell={column[row]}
                    col={col}
                    row={row}
                    glowing={glow?.column === view.columns[col] && glow.box === box}
                    marked={marked?.column === view.columns[col] && marked.box === box}
                    locked={locked}
                    onCell={onCell}
                  />
                ))}
              </tr>
            );
          })}
          {section.sums.map((sum) => (
            <tr key={sum} className={`sheet-sum sheet-sum--${sum}`}>
              <th scope="row" className="sheet-box-name" title={t(`game.sums.${sum}`)}>
                <SumName sum={sum} />
              </th>
              {view.sums.map((sums, col) => (
                <td key={view.columns[col]} className="sheet-sum-value">
                  {sum === 'bonus' && sums.bonus === 0 ? '' : sums[sum]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      ))}
      <SheetFoot view={view} />
    </table>
  );
}

/** The columns' headings: an icon, the full name, and the short one for narrow screens. */
function SheetHead({ columns }: { columns: readonly ColumnType[] }) {
  const { t } = useTranslation();
  return (
    <thead>
      <tr className="sheet-head">
        <td className="sheet-corner" />
        {columns.map((column) => (
          <th
            key={column}
            scope="col"
            className={`sheet-col sheet-col--${column.toLowerCase()}`}
            title={t(`game.columns.${column}`)}
          >
            <ColumnIcon column={column} />
            <span className="sheet-name-full">{t(`game.columns.${column}`)}</span>
            <span className="sheet-name-short" aria-hidden="true">
              {t(`game.columnsShort.${column}`)}
            </span>
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The columns' totals and the grand total. */
function SheetFoot({ view }: { view: SheetView }) {
  const { t } = useTranslation();
  return (
    <tfoot>
      <tr className="sheet-sum sheet-sum--total">
        <th scope="row" className="sheet-box-name" title={t('game.sums.total')}>
          <SumName sum="total" />
        </th>
        {view.sums.map((sums, col) => (
          <td key={view.columns[col]} className="sheet-sum-value">
            {sums.total}
          </td>
        ))}
      </tr>
      <tr className="sheet-grand">
        <th scope="row" className="sheet-box-name" title={t('game.sums.grandTotal')}>
          <SumName sum="grandTotal" />
        </th>
        <td colSpan={view.columns.length} className="sheet-grand-value" data-testid="sheet-total">
          {view.total}
        </td>
      </tr>
    </tfoot>
  );
}
