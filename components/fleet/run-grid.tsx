'use client';
/**
 * The grid table a fleet lists its runs in (the runs overview, the fleet comparison's runs): an
 * ARIA table of TanStack Table's rows under sortable headers, virtualized with the kit's
 * VirtualRows, each row opening its run on a click (or Enter on its run button, `RunButton`), the
 * run last opened brought into view when the table comes back.
 */
import { flexRender, type Table } from '@tanstack/react-table';
import type { CSSProperties, ReactNode } from 'react';
import { Button } from '../ui/button';
import { SortableHeaderRows } from '../ui/sort-button';
import { VirtualRows } from '../ui/virtual-rows';

/** A run's number and title, opening it. */
export function RunButton(props: { index: number; label: string; onOpen(index: number): void }) {
  return (
    <Button
      variant="link"
      size="sm"
      className="block max-w-full truncate"
      onClick={(e) => {
        e.stopPropagation();
        props.onOpen(props.index);
      }}
    >
      <span className="mr-1 font-mono text-xs text-slate-500">{props.index + 1}</span>
      {props.label}
    </Button>
  );
}

export function RunGrid<T extends { readonly index: number }>(props: {
  label: string;
  table: Table<T>;
  /** The grid of the header and of each row (its columns' widths). */
  grid: string;
  /** Custom properties the grid reads (a column count known only at run time). */
  style?: CSSProperties;
  /** The table's least width (a Tailwind class), past which it scrolls sideways. */
  minWidth: string;
  rowHeight: number;
  /** The run to bring into view (its index in the file). */
  opened: number | undefined;
  onOpen(index: number): void;
  empty: ReactNode;
}) {
  const rows = props.table.getRowModel().rows;
  const scrollTo =
    props.opened === undefined ? -1 : rows.findIndex((r) => r.original.index === props.opened);
  return (
    <div
      role="table"
      aria-label={props.label}
      aria-rowcount={rows.length + 1}
      style={props.style}
      className="flex min-h-0 flex-1 flex-col overflow-x-auto text-sm"
    >
      <div
        role="rowgroup"
        className={`${props.minWidth} border-b border-slate-200 bg-slate-50 px-3 py-1`}
      >
        <SortableHeaderRows
          groups={props.table.getHeaderGroups()}
          className={props.grid}
          rowIndex={1}
        />
      </div>
      <VirtualRows
        count={rows.length}
        rowHeight={props.rowHeight}
        maxHeight="100%"
        role="rowgroup"
        className={`min-h-0 ${props.minWidth} flex-1 overflow-y-auto`}
        scrollTo={scrollTo}
        align="center"
        empty={props.empty}
        renderRow={(index, placement) => {
          const row = rows[index];
          if (!row) return null;
          const opened = row.original.index === props.opened;
          return (
            <div
              role="row"
              key={row.id}
              aria-rowindex={index + 2}
              onClick={() => props.onOpen(row.original.index)}
              {...placement}
              className={`${props.grid} cursor-pointer border-b border-slate-100 px-3 ${opened ? 'bg-blue-50' : 'hover:bg-slate-50'}`}
            >
              {row.getVisibleCells().map((cell) => (
                <div role="cell" key={cell.id} className="min-w-0 truncate">
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </div>
              ))}
            </div>
          );
        }}
      />
    </div>
  );
}
