import type { ReactNode } from 'react';
import type { SortOrder } from '../../api/paging';

export interface Column<T, S extends string> {
  id: string;
  /** The translated header. */
  label: string;
  /** The server sort this column's header asks for; none makes a plain header. */
  sort?: S;
  /** The order a first click sorts in (names A→Z: 'ASC'; numbers and dates high→low: 'DESC', the default). */
  firstOrder?: SortOrder;
  numeric?: boolean;
  /** The cell names the row (a <th scope="row">). */
  rowHeader?: boolean;
  /** Left out on a phone, where the table would otherwise scroll sideways. */
  optional?: boolean;
  render: (row: T) => ReactNode;
}

/** A column's cells are aligned as numbers, and an optional one is left out on a phone. */
export const columnClass = <T, S extends string>(column: Column<T, S>): string | undefined =>
  [column.numeric ? 'data-numeric' : '', column.optional ? 'data-optional' : ''].join(' ').trim() ||
  undefined;
