'use client';
/**
 * Every matched task as one row (TanStack Table, virtualized with the kit's VirtualRows as the runs
 * overview is): each side's steps and input tokens, B minus A in steps, input tokens and cost, and
 * who solves it; sorted by the column the store names. Each side's run opens from its button.
 */
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import type { PairedTask } from '../../lib/fleet/pair';
import { PAIR_SORT_KEYS, type PairSort } from '../../lib/state/pair-view';
import { formatUsd } from '../usage/format';
import { Button } from '../ui/button';
import { formatTokens } from '../ui/kinds';
import { SortableHeaderRows } from '../ui/sort-button';
import { VirtualRows } from '../ui/virtual-rows';
import { SolvedLabel } from './solved-label';
import type { PairSideName } from './use-open-side';

const col = createColumnHelper<PairedTask>();

const SOLVED_ORDER = { a: 0, b: 1, neither: 2, both: 3, unknown: 4 };

/** A signed difference: + when B has more, − (a true minus) when less. */
export function signed(n: number, format: (v: number) => string): string {
  if (n === 0) return '0';
  return `${n > 0 ? '+' : '−'}${format(Math.abs(n))}`;
}

function Diff({ n, format }: { n: number | null; format: (v: number) => string }) {
  if (n === null) return <span className="text-xs text-slate-500">—</span>;
  const tone = n < 0 ? 'text-emerald-700' : n > 0 ? 'text-red-700' : 'text-slate-500';
  return <span className={`font-mono text-xs ${tone}`}>{signed(n, format)}</span>;
}

const pairOf = (a: number, b: number) => (
  <span className="font-mono text-xs">
    {formatTokens(a)} <span className="text-slate-400">→</span> {formatTokens(b)}
  </span>
);

function columns(onOpen: (side: PairSideName, index: number) => void) {
  return [
    col.accessor((t) => t.task, {
      id: 'task',
      header: 'Task',
      cell: (c) => <span title={c.getValue()}>{c.getValue()}</span>,
    }),
    col.display({
      id: 'open',
      header: 'Open run',
      cell: (c) => {
        const t = c.row.original;
        return (
          <span className="flex gap-2">
            <Button
              variant="link"
              size="sm"
              aria-label={`Open A's run of ${t.task}`}
              onClick={() => onOpen('a', t.a.index)}
            >
              A
            </Button>
            <Button
              variant="link"
              size="sm"
              aria-label={`Open B's run of ${t.task}`}
              onClick={() => onOpen('b', t.b.index)}
            >
              B
            </Button>
          </span>
        );
      },
    }),
    col.accessor((t) => t.a.steps, {
      id: 'steps',
      header: 'Steps A → B',
      cell: (c) => pairOf(c.row.original.a.steps, c.row.original.b.steps),
    }),
    col.accessor((t) => t.diff.steps, {
      id: 'dsteps',
      header: 'Δ steps',
      cell: (c) => <Diff n={c.getValue()} format={formatTokens} />,
    }),
    col.accessor((t) => t.a.inputTokens, {
      id: 'input',
      header: 'Input tokens A → B',
      cell: (c) => pairOf(c.row.original.a.inputTokens, c.row.original.b.inputTokens),
    }),
    col.accessor((t) => t.diff.inputTokens, {
      id: 'dinput',
      header: 'Δ input tokens',
      cell: (c) => <Diff n={c.getValue()} format={formatTokens} />,
    }),
    col.accessor((t) => t.diff.costUsd ?? undefined, {
      id: 'dcost',
      header: 'Δ cost',
      sortUndefined: 'last',
      cell: (c) => <Diff n={c.row.original.diff.costUsd} format={formatUsd} />,
    }),
    col.accessor((t) => SOLVED_ORDER[t.solved], {
      id: 'solved',
      header: 'Outcome',
      cell: (c) => <SolvedLabel solved={c.row.original.solved} />,
    }),
  ];
}

const GRID =
  'grid grid-cols-[minmax(14rem,1fr)_4.5rem_7rem_4.5rem_9rem_6.5rem_5.5rem_7rem] items-center gap-2';
const ROW = 34;

export function PairTable(props: {
  tasks: readonly PairedTask[];
  sort: PairSort | undefined;
  onSort(sort: PairSort | undefined): void;
  onOpen(side: PairSideName, index: number): void;
}) {
  const { tasks, sort, onSort, onOpen } = props;
  const cols = useMemo(() => columns(onOpen), [onOpen]);
  const sorting = useMemo<SortingState>(
    () => (sort ? [{ id: sort.by, desc: sort.desc }] : []),
    [sort],
  );
  const list = useMemo(() => [...tasks], [tasks]);
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const first = next[0];
    const by = PAIR_SORT_KEYS.find((k) => k === first?.id);
    onSort(first && by ? { by, desc: first.desc } : undefined);
  };
  // The app does not use the React Compiler, whose memoization this warning is about.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: list,
    columns: cols,
    state: { sorting },
    onSortingChange,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const rows = table.getRowModel().rows;
  return (
    <div
      role="table"
      aria-label="Paired tasks"
      aria-rowcount={rows.length + 1}
      className="flex min-h-0 flex-1 flex-col overflow-x-auto text-sm"
    >
      <div
        role="rowgroup"
        className="min-w-[62rem] border-b border-slate-200 bg-slate-50 px-3 py-1"
      >
        <SortableHeaderRows groups={table.getHeaderGroups()} className={GRID} rowIndex={1} />
      </div>
      <VirtualRows
        count={rows.length}
        rowHeight={ROW}
        maxHeight="100%"
        role="rowgroup"
        className="min-h-0 min-w-[62rem] flex-1 overflow-y-auto"
        empty={
          <div className="p-4 text-center text-sm text-slate-500">No task is in both fleets.</div>
        }
        renderRow={(index, placement) => {
          const row = rows[index];
          if (!row) return null;
          return (
            <div
              role="row"
              key={row.id}
              aria-rowindex={index + 2}
              {...placement}
              className={`${GRID} border-b border-slate-100 px-3 hover:bg-slate-50`}
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
