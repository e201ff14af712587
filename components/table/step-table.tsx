'use client';
/** Every step as a sortable, filterable table (TanStack Table), virtualized for long runs. */
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { queryStepIndices, toolNamesIn, type StepQuery } from '../../lib/model/query';
import { useWorkerSearch } from './use-worker-search';
import { hasError, primaryText, stepText, toolNamesOf } from '../../lib/model/steps';
import { STEP_KINDS, type Step, type StepKind } from '../../lib/model/types';
import { formatTokens, KIND_STYLE } from '../ui/kinds';
import { selectClass } from '../ui/select';

interface Row {
  index: number;
  step: Step;
  tokens: number;
}

const col = createColumnHelper<Row>();
const columns = [
  col.accessor((r) => r.step.stepNumber, {
    id: 'step',
    header: '#',
    cell: (c) => <span className="font-mono text-xs text-slate-500">{c.getValue()}</span>,
  }),
  col.accessor((r) => r.step.kind, {
    id: 'kind',
    header: 'Kind',
    cell: (c) => {
      const style = KIND_STYLE[c.getValue()];
      return (
        <span className={`rounded px-1.5 py-0.5 text-xs ring-1 ${style.badge}`}>{style.label}</span>
      );
    },
  }),
  col.accessor((r) => toolNamesOf(r.step).join(', '), {
    id: 'tools',
    header: 'Tools',
    cell: (c) => <span className="font-mono text-xs">{c.getValue()}</span>,
  }),
  col.accessor((r) => r.tokens, {
    id: 'tokens',
    header: 'Tokens',
    cell: (c) => <span className="font-mono text-xs">{formatTokens(c.getValue())}</span>,
  }),
  col.accessor((r) => hasError(r.step), {
    id: 'error',
    header: 'Error',
    cell: (c) =>
      c.getValue() ? <span className="text-xs font-semibold text-red-700">error</span> : null,
  }),
  col.accessor(
    (r) => (primaryText(r.step) || stepText(r.step)).replace(/\s+/g, ' ').slice(0, 200),
    {
      id: 'content',
      header: 'Content',
      enableSorting: false,
      cell: (c) => <span className="truncate text-xs text-slate-700">{c.getValue()}</span>,
    },
  ),
];

const GRID =
  'grid grid-cols-[3rem_5.5rem_minmax(0,14rem)_4.5rem_3.5rem_minmax(0,1fr)] items-center gap-2';
const ROW = 36;

function numberOrUndefined(value: string): number | undefined {
  return /^\d+$/.test(value) ? Number(value) : undefined;
}

export function StepTable(props: {
  steps: readonly Step[];
  tokens: readonly number[];
  filters: StepQuery;
  selectedId?: string;
  onFilters(filters: StepQuery): void;
  onSelect(id: string): void;
  /** Searches whole texts in the history worker (given when the steps are previews of a large run). */
  search?: (query: StepQuery) => Promise<number[]>;
}) {
  const { steps, tokens, filters, search } = props;
  const [sorting, setSorting] = useState<SortingState>([]);
  const tools = useMemo(() => toolNamesIn(steps), [steps]);
  const found = useWorkerSearch(steps, filters, search);
  const data = useMemo(
    () =>
      (found.indices ?? queryStepIndices(steps, filters)).map((index) => ({
        index,
        step: steps[index] as Step,
        tokens: tokens[index] ?? 0,
      })),
    [steps, tokens, filters, found.indices],
  );
  // The rule flags the component's first such hook; no React Compiler here (see timeline.tsx).
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const rows = table.getRowModel().rows;
  const parent = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW,
    overscan: 12,
  });
  const toggleKind = (kind: StepKind) => {
    const current = new Set(filters.kinds ?? []);
    if (current.has(kind)) current.delete(kind);
    else current.add(kind);
    props.onFilters({ ...filters, kinds: STEP_KINDS.filter((k) => current.has(k)) });
  };
  return (
    <section
      aria-label="Step table"
      className="flex min-h-0 flex-col rounded-lg border border-slate-200 bg-white"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-2 text-xs">
        <div role="group" aria-label="Kinds" className="flex flex-wrap gap-1">
          {STEP_KINDS.map((k) => (
            <label
              key={k}
              className={`flex cursor-pointer items-center gap-1 rounded px-1.5 py-0.5 ring-1 ${filters.kinds?.includes(k) ? KIND_STYLE[k].badge : 'text-slate-500 ring-slate-200'}`}
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={filters.kinds?.includes(k) ?? false}
                onChange={() => toggleKind(k)}
              />
              {KIND_STYLE[k].label}
            </label>
          ))}
        </div>
        <select
          aria-label="Tool"
          value={filters.tool ?? ''}
          onChange={(e) => props.onFilters({ ...filters, tool: e.target.value || undefined })}
          className={selectClass}
        >
          <option value="">any tool</option>
          {tools.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <select
          aria-label="Errors"
          value={filters.withError === undefined ? '' : filters.withError ? '1' : '0'}
          onChange={(e) =>
            props.onFilters({
              ...filters,
              withError: e.target.value === '' ? undefined : e.target.value === '1',
            })
          }
          className="rounded border border-slate-300 px-1 py-0.5"
        >
          <option value="">errors or not</option>
          <option value="1">with errors</option>
          <option value="0">without errors</option>
        </select>
        <label className="flex items-center gap-1">
          steps
          <input
            aria-label="From step"
            inputMode="numeric"
            value={filters.from ?? ''}
            onChange={(e) =>
              props.onFilters({ ...filters, from: numberOrUndefined(e.target.value) })
            }
            className="w-12 rounded border border-slate-300 px-1 py-0.5"
          />
          to
          <input
            aria-label="To step"
            inputMode="numeric"
            value={filters.to ?? ''}
            onChange={(e) => props.onFilters({ ...filters, to: numberOrUndefined(e.target.value) })}
            className="w-12 rounded border border-slate-300 px-1 py-0.5"
          />
        </label>
        <input
          type="search"
          aria-label="Search steps"
          placeholder="Search content…"
          value={filters.text ?? ''}
          onChange={(e) => props.onFilters({ ...filters, text: e.target.value || undefined })}
          className="min-w-40 flex-1 rounded border border-slate-300 px-2 py-0.5"
        />
        <span className="text-slate-500" aria-live="polite">
          {found.pending
            ? 'searching the whole texts…'
            : found.error
              ? `search failed: ${found.error}`
              : `${data.length} of ${steps.length} steps`}
        </span>
      </div>
      <div
        role="table"
        aria-label="Steps"
        aria-rowcount={rows.length}
        className="flex min-h-0 flex-1 flex-col text-sm"
      >
        <div role="rowgroup" className="border-b border-slate-200 bg-slate-50 px-3 py-1">
          {table.getHeaderGroups().map((group) => (
            <div role="row" key={group.id} className={GRID}>
              {group.headers.map((h) => (
                <div
                  role="columnheader"
                  key={h.id}
                  aria-sort={
                    h.column.getIsSorted() === 'asc'
                      ? 'ascending'
                      : h.column.getIsSorted() === 'desc'
                        ? 'descending'
                        : undefined
                  }
                  className="text-xs font-semibold text-slate-600"
                >
                  {h.column.getCanSort() ? (
                    <button
                      type="button"
                      onClick={h.column.getToggleSortingHandler()}
                      className="hover:text-slate-900"
                    >
                      {flexRender(h.column.columnDef.header, h.getContext())}
                      {h.column.getIsSorted() === 'asc'
                        ? ' ↑'
                        : h.column.getIsSorted() === 'desc'
                          ? ' ↓'
                          : ''}
                    </button>
                  ) : (
                    flexRender(h.column.columnDef.header, h.getContext())
                  )}
                </div>
              ))}
            </div>
          ))}
        </div>
        <div
          ref={parent}
          role="rowgroup"
          className="min-h-0 flex-1 overflow-auto"
          style={{ maxHeight: '55vh' }}
        >
          {rows.length === 0 && (
            <div className="p-4 text-center text-sm text-slate-500">
              No step matches these filters.
            </div>
          )}
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((v) => {
              const row = rows[v.index];
              if (!row) return null;
              const selected = row.original.step.id === props.selectedId;
              return (
                <div
                  role="row"
                  key={row.id}
                  aria-selected={selected}
                  tabIndex={0}
                  onClick={() => props.onSelect(row.original.step.id)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') props.onSelect(row.original.step.id);
                  }}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: ROW,
                    transform: `translateY(${v.start}px)`,
                  }}
                  className={`${GRID} cursor-pointer border-b border-slate-100 px-3 ${selected ? 'bg-blue-50' : 'hover:bg-slate-50'}`}
                >
                  {row.getVisibleCells().map((cell) => (
                    <div role="cell" key={cell.id} className="min-w-0 truncate">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
}
