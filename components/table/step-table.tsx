'use client';
/**
 * Every step as a sortable, filterable table (TanStack Table), virtualized for long runs. A row
 * says what the step did as the timeline does (lib/model/headline.ts), and its tool and error
 * filters find what the rows name and mark, which is what the totals count.
 */
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { queryStepIndices, toolNamesIn, type StepQuery } from '../../lib/model/query';
import type { StepSearch } from '../workspace/whole-queries';
import { headlineOf, headlineText, isErrorRow } from '../../lib/model/headline';
import { STEP_KINDS, type Step, type StepKind } from '../../lib/model/types';
import { formatTokens, KIND_STYLE } from '../ui/kinds';
import { KindBadge } from '../ui/badge';
import { Input } from '../ui/input';
import { Panel } from '../ui/panel';
import { Select, type SelectOption } from '../ui/select';
import { SortableHeaderRows } from '../ui/sort-button';
import { VirtualRows } from '../ui/virtual-rows';
import { HeadlineLine } from '../timeline/headline-line';

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
      return <KindBadge kind={c.getValue()} />;
    },
  }),
  col.accessor((r) => headlineText(headlineOf(r.step)), {
    id: 'what',
    header: 'What happened',
    cell: (c) => <HeadlineLine step={c.row.original.step} layout="inline" className="block" />,
  }),
  col.accessor((r) => r.tokens, {
    id: 'tokens',
    header: 'Tokens',
    cell: (c) => <span className="font-mono text-xs">{formatTokens(c.getValue())}</span>,
  }),
  col.accessor((r) => isErrorRow(r.step), {
    id: 'error',
    header: 'Error',
    cell: (c) =>
      c.getValue() ? <span className="text-xs font-semibold text-red-700">error</span> : null,
  }),
];

const GRID = 'grid grid-cols-[3rem_5.5rem_minmax(0,1fr)_4.5rem_3.5rem] items-center gap-2';
const ROW = 36;

const ERROR_OPTIONS: readonly SelectOption<'' | 'with' | 'without'>[] = [
  { value: '', label: 'errors or not' },
  { value: 'with', label: 'with errors' },
  { value: 'without', label: 'without errors' },
];

function numberOrUndefined(value: string): number | undefined {
  return /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The table filters its steps itself. */
const NOT_SEARCHED: StepSearch = {};

export function StepTable(props: {
  steps: readonly Step[];
  tokens: readonly number[];
  filters: StepQuery;
  selectedId?: string;
  onFilters(filters: StepQuery): void;
  onSelect(id: string): void;
  /**
   * What the history worker found searching whole texts (given when the steps are previews of a
   * large run and the filters search text: whole-queries.ts `useStepSearch`).
   */
  found?: StepSearch;
}) {
  const { steps, tokens, filters } = props;
  const [sorting, setSorting] = useState<SortingState>([]);
  const tools = useMemo(() => toolNamesIn(steps), [steps]);
  const found = props.found ?? NOT_SEARCHED;
  const data = useMemo(
    () =>
      (found.indices ?? queryStepIndices(steps, filters)).map((index) => ({
        index,
        step: steps[index] as Step,
        tokens: tokens[index] ?? 0,
      })),
    [steps, tokens, filters, found.indices],
  );
  // The app does not use the React Compiler, whose memoization this warning is about.
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
  const toggleKind = (kind: StepKind) => {
    const current = new Set(filters.kinds ?? []);
    if (current.has(kind)) current.delete(kind);
    else current.add(kind);
    props.onFilters({ ...filters, kinds: STEP_KINDS.filter((k) => current.has(k)) });
  };
  return (
    <Panel label="Step table" padded={false} className="flex h-full min-h-0 flex-col">
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
        <Select
          label="Tool"
          size="xs"
          value={filters.tool ?? ''}
          onChange={(tool) => props.onFilters({ ...filters, tool: tool || undefined })}
          options={[
            { value: '', label: 'any tool' },
            ...tools.map((t) => ({ value: t, label: t })),
          ]}
        />
        <Select
          label="Errors"
          size="xs"
          value={filters.withError === undefined ? '' : filters.withError ? 'with' : 'without'}
          onChange={(v) =>
            props.onFilters({ ...filters, withError: v === '' ? undefined : v === 'with' })
          }
          options={ERROR_OPTIONS}
        />
        <label className="flex items-center gap-1">
          steps
          <Input
            size="xs"
            className="w-12"
            aria-label="From step"
            inputMode="numeric"
            value={filters.from ?? ''}
            onChange={(e) =>
              props.onFilters({ ...filters, from: numberOrUndefined(e.target.value) })
            }
          />
          to
          <Input
            size="xs"
            className="w-12"
            aria-label="To step"
            inputMode="numeric"
            value={filters.to ?? ''}
            onChange={(e) => props.onFilters({ ...filters, to: numberOrUndefined(e.target.value) })}
          />
        </label>
        <Input
          size="xs"
          className="min-w-40 flex-1"
          type="search"
          aria-label="Search steps"
          placeholder="Search content…"
          value={filters.text ?? ''}
          onChange={(e) => props.onFilters({ ...filters, text: e.target.value || undefined })}
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
          <SortableHeaderRows groups={table.getHeaderGroups()} className={GRID} />
        </div>
        <VirtualRows
          count={rows.length}
          rowHeight={ROW}
          // The pane's height is the steps view's (steps-view.tsx): rows fill what the filters leave.
          maxHeight="100%"
          role="rowgroup"
          className="min-h-0 flex-1 overflow-auto"
          empty={
            <div className="p-4 text-center text-sm text-slate-500">
              No step matches these filters.
            </div>
          }
          renderRow={(index, placement) => {
            const row = rows[index];
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
                {...placement}
                className={`${GRID} cursor-pointer border-b border-slate-100 px-3 ${selected ? 'bg-blue-50' : 'hover:bg-slate-50'}`}
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
    </Panel>
  );
}
