'use client';
/**
 * Every run of the loaded file as one row (TanStack Table, virtualized with the kit's VirtualRows as
 * the step table is): its figures from lib/fleet/overview.ts, sorted by the column the store names.
 * A click on a row, or Enter on its run button, opens the run; the run last opened is brought into
 * view when the overview comes back.
 */
import {
  createColumnHelper,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { memo, useMemo } from 'react';
import type { FleetRow } from '../../lib/fleet/overview';
import { FLEET_SORT_KEYS, type FleetSort } from '../../lib/state/fleet-view';
import { formatUsd } from '../usage/format';
import { formatTokens } from '../ui/kinds';
import { OutcomeLabel } from './outcome-label';
import { RunButton, RunGrid } from './run-grid';

const col = createColumnHelper<FleetRow>();

/** A count the chars/4 estimate gave, marked as one. */
function Count({ n, rough }: { n: number; rough: boolean }) {
  return (
    <span className="font-mono text-xs">
      {rough && <span title="chars/4 estimate: exact counts on the way">≈</span>}
      {formatTokens(n)}
    </span>
  );
}

function columns(rough: boolean, onOpen: (index: number) => void) {
  return [
    col.accessor((r) => r.index, {
      id: 'run',
      header: 'Run',
      cell: (c) => (
        <RunButton
          index={c.row.original.index}
          label={c.row.original.title ?? c.row.original.id}
          onOpen={onOpen}
        />
      ),
    }),
    col.accessor((r) => r.steps, {
      id: 'steps',
      header: 'Steps',
      cell: (c) => <span className="font-mono text-xs">{formatTokens(c.getValue())}</span>,
    }),
    col.accessor((r) => r.modelCalls, {
      id: 'calls',
      header: 'Calls',
      cell: (c) => <span className="font-mono text-xs">{formatTokens(c.getValue())}</span>,
    }),
    col.accessor((r) => r.inputTokens, {
      id: 'input',
      header: 'Input tokens',
      cell: (c) => <Count n={c.getValue()} rough={rough} />,
    }),
    col.accessor((r) => r.peakContext, {
      id: 'peak',
      header: 'Peak context',
      cell: (c) => <Count n={c.getValue()} rough={rough} />,
    }),
    col.accessor((r) => r.overWindow, {
      id: 'over',
      header: 'Over window',
      cell: (c) => {
        const r = c.row.original;
        return (
          <span
            className={`font-mono text-xs ${r.overWindow > 0 ? 'font-semibold text-red-700' : 'text-slate-500'}`}
            title={`calls over ${formatTokens(r.contextWindow)} tokens${r.windowAssumed ? " (GPT-4o's window, assumed)" : ''}`}
          >
            {rough && '≈'}
            {r.overWindow}
          </span>
        );
      },
    }),
    col.accessor((r) => r.costUsd, {
      id: 'cost',
      header: 'Cost',
      sortUndefined: 'last',
      cell: (c) => {
        const r = c.row.original;
        if (r.costUsd === undefined) return <span className="text-xs text-slate-500">—</span>;
        return (
          <span
            className="font-mono text-xs"
            title={r.costBasis === 'recorded' ? 'as the file records it' : 'its usage, priced'}
          >
            {formatUsd(r.costUsd)}
            {r.costBasis === 'priced' && <span className="text-slate-500"> priced</span>}
          </span>
        );
      },
    }),
    col.accessor((r) => r.outcome, {
      id: 'outcome',
      header: 'Outcome',
      sortUndefined: 'last',
      cell: (c) => <OutcomeLabel row={c.row.original} />,
    }),
    col.accessor((r) => r.model, {
      id: 'model',
      header: 'Model',
      sortUndefined: 'last',
      cell: (c) => <span className="text-xs text-slate-600">{c.getValue() ?? '—'}</span>,
    }),
  ];
}

const GRID =
  'grid grid-cols-[minmax(12rem,1fr)_3.5rem_3.5rem_6.5rem_6rem_5rem_6.5rem_8.5rem_minmax(6rem,10rem)] items-center gap-2';
const ROW = 34;

const toSorting = (sort: FleetSort | undefined): SortingState =>
  sort ? [{ id: sort.by, desc: sort.desc }] : [];

/** Memoized, as the charts are: progress reports re-render the overview, not its rows. */
export const FleetTable = memo(function FleetTable(props: {
  rows: readonly FleetRow[];
  /** The rows are the chars/4 estimate. */
  rough: boolean;
  sort: FleetSort | undefined;
  onSort(sort: FleetSort | undefined): void;
  /** The run to bring into view (its index in the file). */
  opened: number | undefined;
  onOpen(index: number): void;
  /** Runs in the file, for the header's count. */
  total: number;
  /** No row has arrived yet (not even the estimate): the list is not empty, it is on its way. */
  counting: boolean;
}) {
  const { rows: data, rough, sort, onSort, onOpen } = props;
  const cols = useMemo(() => columns(rough, onOpen), [rough, onOpen]);
  const sorting = useMemo(() => toSorting(sort), [sort]);
  // TanStack Table takes a mutable list; one copy per list of rows, so its state stays put.
  const list = useMemo(() => [...data], [data]);
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const first = next[0];
    const by = FLEET_SORT_KEYS.find((k) => k === first?.id);
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
  return (
    <RunGrid
      label="Runs"
      table={table}
      grid={GRID}
      minWidth="min-w-[68rem]"
      rowHeight={ROW}
      opened={props.opened}
      onOpen={onOpen}
      empty={
        <div className="p-4 text-center text-sm text-slate-500">
          {props.counting
            ? `Reading ${props.total} runs…`
            : `No run matches: ${props.total} runs in the file.`}
        </div>
      }
    />
  );
});
