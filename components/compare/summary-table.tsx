'use client';
/**
 * Per strategy: the run's input tokens, how much of it prompt caching serves, peak context, savings,
 * fates, warnings, lost identifiers, and the bill with prompt caching beside the uncached one
 * (TanStack Table). Each column is headed by its definition's label (lib/charts/definitions.ts,
 * `SUMMARY_COLUMNS`), whose sort button shows the definition on hover and focus. The `none` row is
 * the one cost of sending everything; savings are measured against it, so its own read "—".
 */
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { definitionOf, type DefinitionId } from '../../lib/charts/definitions';
import type { Comparison } from '../../lib/compare/compare';
import { runWords } from '../../lib/compare/run-words';
import type { RunCost } from '../../lib/simulate/cache';
import { Button } from '../ui/button';
import { formatTokens } from '../ui/kinds';
import { Tooltip } from '../ui/tooltip';
import { DefinitionTip, HelpLink } from '../help/term';
import { useShownRun } from '../workspace/shown-run';
import { ColumnDot } from './column-label';

interface Row {
  readonly index: number;
  readonly label: string;
  readonly error?: string;
  readonly total: number;
  readonly peak: number;
  readonly saved: number;
  readonly share: number;
  readonly kept: number;
  readonly truncated: number;
  readonly removed: number;
  readonly summarized: number;
  readonly warnings: number;
  readonly lost: number;
  readonly overflow: number;
  readonly run: string;
  /** Share of the run's input served from the prompt cache. */
  readonly cachedShare?: number;
  readonly cost?: number;
  readonly uncachedCost?: number;
  /** Cached cost saved against none's cached cost (negative: it costs more). */
  readonly costSaved?: number;
}

const help = createColumnHelper<Row>();

/** A column's header: its label, sorting on click, its definition on hover and focus. */
function SortHeader(props: {
  id: DefinitionId;
  direction: false | 'asc' | 'desc';
  onClick: ((event: unknown) => void) | undefined;
}) {
  return (
    <Tooltip content={<DefinitionTip id={props.id} />}>
      <Button
        variant="bare"
        onClick={props.onClick}
        className="uppercase underline decoration-dotted decoration-1 underline-offset-2"
      >
        {definitionOf(props.id).label}
        {props.direction === 'asc' ? ' ↑' : props.direction === 'desc' ? ' ↓' : ''}
      </Button>
    </Tooltip>
  );
}

/** Each column's definition, by column id, in `SUMMARY_COLUMNS` order (a test holds them equal). */
export const COLUMN_DEFINITIONS: Readonly<Record<string, DefinitionId>> = {
  run: 'strategy-runs',
  total: 'input-over-run',
  peak: 'strategy-peak',
  saved: 'saved',
  share: 'saved-share',
  truncated: 'truncated',
  removed: 'removed',
  summarized: 'summarized',
  overflow: 'calls-over-window',
  warnings: 'warnings',
  lost: 'lost-identifiers',
  cachedShare: 'cached-input',
  cost: 'cost-cached',
  uncachedCost: 'cost-uncached',
  costSaved: 'saved-cost-share',
};

const dash = <span className="text-slate-400">—</span>;
/**
 * The columns that describe a strategy rather than measure it: a strategy that failed (a custom
 * function that threw) keeps them, and every measured cell shows "—", never a 0 it did not measure.
 */
const DESCRIBES: ReadonlySet<string> = new Set(['label', 'run']);
const percent = (x: number) => <span className="font-mono">{(100 * x).toFixed(1)}%</span>;

const money = (c: RunCost | undefined, base: RunCost | undefined) =>
  c && base
    ? {
        cachedShare: c.inputTokens > 0 ? c.cachedTokens / c.inputTokens : 0,
        cost: c.costUsd,
        uncachedCost: c.uncachedCostUsd,
        costSaved: base.costUsd > 0 ? (base.costUsd - c.costUsd) / base.costUsd : 0,
      }
    : {};

/** `costs[0]` is none's bill, `costs[i + 1]` column i's (absent without a price). */
export function SummaryTable({
  cmp,
  costs,
  priceLabel,
}: {
  cmp: Comparison;
  costs?: readonly (RunCost | undefined)[];
  priceLabel: string;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const { contextWindow } = useShownRun().choice;
  const data = useMemo<Row[]>(
    () => [
      {
        index: -1,
        label: 'none (everything, every call)',
        run: 'sends every step at every call',
        total: cmp.baseline.totalInputTokens,
        peak: cmp.baseline.peakContextTokens,
        saved: 0,
        share: 0,
        kept: 0,
        truncated: 0,
        removed: 0,
        summarized: 0,
        warnings: 0,
        lost: 0,
        overflow: cmp.baseline.overflowCalls,
        ...money(costs?.[0], costs?.[0]),
      },
      ...cmp.columns.map((c, index) => ({
        index,
        label: c.label,
        ...(c.error ? { error: c.error } : {}),
        total: c.replay?.totalInputTokens ?? 0,
        peak: c.replay?.peakContextTokens ?? 0,
        saved: c.savedTokens,
        share: c.savedShare,
        kept: c.counts.kept,
        truncated: c.counts.truncated,
        removed: c.counts.removed,
        summarized: c.counts.summarized,
        warnings: c.warnings.length,
        lost: c.lost.length,
        overflow: c.replay?.overflowCalls ?? 0,
        run: runWords(c.choice, c.run, contextWindow),
        ...(c.error ? {} : money(costs?.[index + 1], costs?.[0])),
      })),
    ],
    [cmp, costs, contextWindow],
  );
  const num = (v: number) => <span className="font-mono">{formatTokens(v)}</span>;
  /** The baseline's savings are the reference, not a measurement. */
  const saving = (row: Row, shown: ReactNode) => (row.index < 0 ? dash : shown);
  const columns = useMemo(
    () => [
      help.accessor('label', {
        header: 'Strategy',
        cell: (c) => (
          <span className="flex items-center gap-2">
            <ColumnDot index={c.row.original.index} />
            {c.getValue()}
            {c.row.original.error && (
              <span className="text-xs text-red-700">({c.row.original.error})</span>
            )}
          </span>
        ),
      }),
      help.accessor('run', {
        cell: (c) => (
          <span className="block min-w-40 max-w-72 text-xs text-slate-600">{c.getValue()}</span>
        ),
      }),
      help.accessor('total', { cell: (c) => num(c.getValue()) }),
      help.accessor('peak', { cell: (c) => num(c.getValue()) }),
      help.accessor('saved', { cell: (c) => saving(c.row.original, num(c.getValue())) }),
      help.accessor('share', { cell: (c) => saving(c.row.original, percent(c.getValue())) }),
      help.accessor('truncated', { cell: (c) => c.getValue() }),
      help.accessor('removed', { cell: (c) => c.getValue() }),
      help.accessor('summarized', { cell: (c) => c.getValue() }),
      help.accessor('overflow', {
        cell: (c) =>
          c.getValue() > 0 ? <span className="font-medium text-red-700">{c.getValue()}</span> : 0,
      }),
      help.accessor('warnings', {
        cell: (c) =>
          c.getValue() > 0 ? <span className="font-medium text-amber-700">{c.getValue()}</span> : 0,
      }),
      help.accessor('lost', {
        cell: (c) =>
          c.getValue() > 0 ? <span className="font-medium text-red-700">{c.getValue()}</span> : 0,
      }),
      help.accessor('cachedShare', {
        cell: (c) => (c.getValue() === undefined ? dash : percent(c.getValue() as number)),
      }),
      help.accessor('cost', {
        cell: (c) =>
          c.getValue() === undefined ? (
            dash
          ) : (
            <span className="font-mono font-medium">${(c.getValue() as number).toFixed(4)}</span>
          ),
      }),
      help.accessor('uncachedCost', {
        cell: (c) =>
          c.getValue() === undefined ? (
            dash
          ) : (
            <span className="font-mono text-slate-500">${(c.getValue() as number).toFixed(4)}</span>
          ),
      }),
      help.accessor('costSaved', {
        cell: (c) =>
          c.getValue() === undefined
            ? dash
            : saving(
                c.row.original,
                <span
                  className={`font-mono ${(c.getValue() as number) < -0.0005 ? 'font-medium text-red-700' : ''}`}
                >
                  {(100 * (c.getValue() as number)).toFixed(1)}%
                </span>,
              ),
      }),
    ],
    [],
  );
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs text-slate-600">
        Every strategy replayed over the whole run against sending everything (the “none” row);
        costs are input only, at {priceLabel}. <HelpLink />
      </p>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table aria-label="Strategy summary" className="w-full text-sm">
          <thead className="bg-slate-50 text-[11px] uppercase text-slate-500">
            {table.getHeaderGroups().map((g) => (
              <tr key={g.id}>
                {g.headers.map((h, i) => (
                  <th
                    key={h.id}
                    className={`px-1.5 py-1.5 text-left align-bottom font-semibold ${i === 0 ? 'sticky left-0 z-10 bg-slate-50' : ''}`}
                  >
                    {COLUMN_DEFINITIONS[h.column.id] === undefined ? (
                      <Button
                        variant="bare"
                        onClick={h.column.getToggleSortingHandler()}
                        className="uppercase"
                      >
                        Strategy
                        {h.column.getIsSorted() === 'asc'
                          ? ' ↑'
                          : h.column.getIsSorted() === 'desc'
                            ? ' ↓'
                            : ''}
                      </Button>
                    ) : (
                      <SortHeader
                        id={COLUMN_DEFINITIONS[h.column.id] as DefinitionId}
                        direction={h.column.getIsSorted()}
                        onClick={h.column.getToggleSortingHandler()}
                      />
                    )}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((r) => (
              <tr
                key={r.id}
                className={`border-t border-slate-100 ${r.original.index < 0 ? 'bg-slate-50' : ''}`}
              >
                {r.getVisibleCells().map((c, i) => (
                  <td
                    key={c.id}
                    className={`px-1.5 py-1.5 ${i === 0 ? `sticky left-0 z-10 min-w-36 ${r.original.index < 0 ? 'bg-slate-50' : 'bg-white'}` : ''}`}
                  >
                    {r.original.error && !DESCRIBES.has(c.column.id)
                      ? dash
                      : flexRender(c.column.columnDef.cell, c.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
