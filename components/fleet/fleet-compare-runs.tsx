'use client';
/**
 * The fleet comparison run by run (TanStack Table, virtualized with the kit's VirtualRows as the
 * runs overview is): each run's outcome, its input sending everything, and what each strategy saves
 * on it, sortable by any column. A click on a run, or Enter on its button, opens that run's own
 * comparison on the same strategies (the store's `openRunComparison`); Back returns here, in the
 * same order (the sort is the store's, and the URL's `cmpsort=`).
 */
import {
  createColumnHelper,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { memo, useMemo, type CSSProperties } from 'react';
import { formatPercent } from '../../lib/compare/format';
import { outcomeClassOf, type FleetRun, type OutcomeClass } from '../../lib/fleet/aggregate';
import type { FleetCompareSort } from '../../lib/state/fleet-view';
import { ColumnDot } from '../compare/column-label';
import { Term } from '../help/term';
import { formatTokens } from '../ui/kinds';
import { RunButton, RunGrid } from './run-grid';

interface Row {
  readonly index: number;
  readonly label: string;
  readonly outcome: OutcomeClass;
  readonly recorded: string | null;
  readonly baseline: number;
  /** Saved share per strategy; null where it could not run. */
  readonly saved: readonly (number | null)[];
}

const OUTCOME: Readonly<Record<OutcomeClass, { label: string; text: string }>> = {
  resolved: { label: 'resolved', text: 'text-emerald-700' },
  unresolved: { label: 'not resolved', text: 'text-red-700' },
  unknown: { label: 'unknown', text: 'text-slate-500' },
};

const col = createColumnHelper<Row>();
const ROW = 32;

function columns(ids: readonly string[], onOpen: (index: number) => void) {
  return [
    col.accessor((r) => r.index, {
      id: 'run',
      header: 'Run',
      cell: (c) => (
        <RunButton index={c.row.original.index} label={c.row.original.label} onOpen={onOpen} />
      ),
    }),
    col.accessor((r) => r.outcome, {
      id: 'outcome',
      header: 'Outcome',
      cell: (c) => {
        const r = c.row.original;
        const style = OUTCOME[r.outcome];
        return (
          <span className={`text-xs font-medium ${style.text}`} title={r.recorded ?? undefined}>
            {style.label}
          </span>
        );
      },
    }),
    col.accessor((r) => r.baseline, {
      id: 'baseline',
      header: 'Sending everything',
      cell: (c) => <span className="font-mono text-xs">{formatTokens(c.getValue())}</span>,
    }),
    ...ids.map((id, k) =>
      col.accessor((r) => r.saved[k] ?? -Infinity, {
        id: `s${k}`,
        header: () => (
          <span className="inline-flex items-center gap-1">
            <ColumnDot index={k} />
            {id}
          </span>
        ),
        cell: (c) => {
          const v = c.row.original.saved[k];
          return v === null || v === undefined ? (
            <span className="text-xs text-slate-400">—</span>
          ) : (
            <span className="font-mono text-xs">{formatPercent(v)}</span>
          );
        },
      }),
    ),
  ];
}

export const FleetCompareRuns = memo(function FleetCompareRuns({
  runs,
  ids,
  labels,
  opened,
  onOpen,
  sort,
  onSort,
}: {
  runs: readonly FleetRun[];
  ids: readonly string[];
  /** A run's title, by its index in the file (its task or instance id shows first). */
  labels: (index: number) => string;
  opened: number | undefined;
  onOpen(index: number): void;
  sort: FleetCompareSort | undefined;
  onSort(sort: FleetCompareSort | undefined): void;
}) {
  const data = useMemo<Row[]>(
    () =>
      runs.map((r) => ({
        index: r.index,
        // The task names a benchmark's run (its instance); the file's title is the path to it.
        label: r.task || labels(r.index),
        outcome: outcomeClassOf(r.outcome),
        recorded: r.outcome.label,
        baseline: r.baseline.inputTokens,
        saved: r.strategies.map((s) => (s.error ? null : s.savedShare)),
      })),
    [runs, labels],
  );
  const cols = useMemo(() => columns(ids, onOpen), [ids, onOpen]);
  // A link's sort by a strategy's column this comparison does not have sorts nothing.
  const sorting = useMemo<SortingState>(
    () => (sort && cols.some((c) => c.id === sort.by) ? [{ id: sort.by, desc: sort.desc }] : []),
    [sort, cols],
  );
  const onSortingChange = (updater: Updater<SortingState>) => {
    const first = (typeof updater === 'function' ? updater(sorting) : updater)[0];
    onSort(first ? { by: first.id, desc: first.desc } : undefined);
  };
  const table = useReactTable({
    data,
    columns: cols,
    state: { sorting },
    onSortingChange,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  // The grid's columns: the run, its outcome, sending everything, then one per strategy.
  const style = {
    '--fleet-cols': `minmax(14rem,1fr) 6.5rem 8rem repeat(${ids.length}, minmax(7rem,10rem))`,
  } as CSSProperties;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <p className="px-3 pt-2 text-xs text-slate-600">
        Each strategy’s <Term id="fleet-run-saved" /> on each run; a run opens its own comparison.
      </p>
      <RunGrid
        label="Runs compared"
        table={table}
        grid="grid grid-cols-[var(--fleet-cols)] items-center gap-2"
        style={style}
        minWidth="min-w-[48rem]"
        rowHeight={ROW}
        opened={opened}
        onOpen={onOpen}
        empty={<div className="p-4 text-center text-sm text-slate-500">No run compared yet.</div>}
      />
    </div>
  );
});
