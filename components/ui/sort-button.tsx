/**
 * A column header that sorts its table: the header's text and an arrow for the direction it sorts;
 * and the header rows of a grid table built of them.
 */
import { flexRender, type HeaderGroup } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Button } from './button';

export function SortButton(props: {
  /** How the column sorts now (TanStack Table's `getIsSorted()`). */
  direction: false | 'asc' | 'desc';
  onClick: ((event: unknown) => void) | undefined;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Button variant="bare" onClick={props.onClick} className={props.className}>
      {props.children}
      {props.direction === 'asc' ? ' ↑' : props.direction === 'desc' ? ' ↓' : ''}
    </Button>
  );
}

/**
 * A grid table's header rows (TanStack Table's header groups) as ARIA column headers: each says how
 * it sorts (`aria-sort`), and a column that can sort is a SortButton. `rowIndex` places the header
 * row for a table that counts its rows (`aria-rowcount`).
 */
export function SortableHeaderRows<T>({
  groups,
  className,
  rowIndex,
}: {
  groups: readonly HeaderGroup<T>[];
  /** The row's grid (its columns' widths). */
  className: string;
  rowIndex?: number;
}) {
  return groups.map((group) => (
    <div role="row" aria-rowindex={rowIndex} key={group.id} className={className}>
      {group.headers.map((h) => {
        const sorted = h.column.getIsSorted();
        const label = flexRender(h.column.columnDef.header, h.getContext());
        return (
          <div
            role="columnheader"
            key={h.id}
            aria-sort={
              sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
            }
            className="text-xs font-semibold text-slate-600"
          >
            {h.column.getCanSort() ? (
              <SortButton
                direction={sorted}
                onClick={h.column.getToggleSortingHandler()}
                className="hover:text-slate-900"
              >
                {label}
              </SortButton>
            ) : (
              label
            )}
          </div>
        );
      })}
    </div>
  ));
}
