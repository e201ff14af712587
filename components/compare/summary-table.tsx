'use client';
/**
 * Per strategy: the run's input tokens, how much of it prompt caching serves, peak context, savings,
 * fates, warnings, lost identifiers, and the bill with prompt caching beside the uncached one
 * (TanStack Table).
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
import type { Comparison } from '../../lib/compare/compare';
import { describeRun } from '../../lib/simulate/run-config';
import type { RunCost } from '../../lib/simulate/cache';
import { formatTokens } from '../ui/kinds';
import { SortButton } from '../ui/sort-button';
import { columnColor } from './palette';

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
  const data = useMemo<Row[]>(
    () => [
      {
        index: -1,
        label: 'none (everything, every call)',
        run: 'every call',
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
        run: describeRun(c.run),
        ...(c.error ? {} : money(costs?.[index + 1], costs?.[0])),
      })),
    ],
    [cmp, costs],
  );
  const num = (v: number) => <span className="font-mono">{formatTokens(v)}</span>;
  const columns = useMemo(
    () => [
      help.accessor('label', {
        header: 'Strategy',
        cell: (c) => (
          <span className="flex items-center gap-2">
            <span
              className="inline-block h-2.5 w-2.5 rounded-full"
              style={{
                background:
                  c.row.original.index < 0 ? '#94a3b8' : columnColor(c.row.original.index),
              }}
            />
            {c.getValue()}
            {c.row.original.error && (
              <span className="text-xs text-red-700">({c.row.original.error})</span>
            )}
          </span>
        ),
      }),
      help.accessor('run', {
        header: 'Runs',
        cell: (c) => <span className="text-xs text-slate-600">{c.getValue()}</span>,
      }),
      help.accessor('total', { header: 'Input over the run', cell: (c) => num(c.getValue()) }),
      help.accessor('peak', { header: 'Peak context', cell: (c) => num(c.getValue()) }),
      help.accessor('saved', { header: 'Saved', cell: (c) => num(c.getValue()) }),
      help.accessor('share', {
        header: 'Saved %',
        cell: (c) => <span className="font-mono">{(100 * c.getValue()).toFixed(1)}%</span>,
      }),
      help.accessor('truncated', { header: 'Truncated', cell: (c) => c.getValue() }),
      help.accessor('removed', { header: 'Removed', cell: (c) => c.getValue() }),
      help.accessor('summarized', { header: 'Summarized', cell: (c) => c.getValue() }),
      help.accessor('overflow', {
        header: 'Calls over window',
        cell: (c) =>
          c.getValue() > 0 ? <span className="font-medium text-red-700">{c.getValue()}</span> : 0,
      }),
      help.accessor('warnings', {
        header: 'Warnings',
        cell: (c) =>
          c.getValue() > 0 ? <span className="font-medium text-amber-700">{c.getValue()}</span> : 0,
      }),
      help.accessor('lost', {
        header: 'Lost identifiers',
        cell: (c) =>
          c.getValue() > 0 ? <span className="font-medium text-red-700">{c.getValue()}</span> : 0,
      }),
      help.accessor('cachedShare', {
        header: 'Cached input',
        cell: (c) =>
          c.getValue() === undefined ? (
            '—'
          ) : (
            <span className="font-mono">{(100 * (c.getValue() as number)).toFixed(1)}%</span>
          ),
      }),
      help.accessor('cost', {
        header: `Cost, cached (${priceLabel})`,
        cell: (c) =>
          c.getValue() === undefined ? (
            '—'
          ) : (
            <span className="font-mono font-medium">${(c.getValue() as number).toFixed(4)}</span>
          ),
      }),
      help.accessor('uncachedCost', {
        header: 'Cost, uncached',
        cell: (c) =>
          c.getValue() === undefined ? (
            '—'
          ) : (
            <span className="font-mono text-slate-500">${(c.getValue() as number).toFixed(4)}</span>
          ),
      }),
      help.accessor('costSaved', {
        header: 'Saved % (cached cost)',
        cell: (c) =>
          c.getValue() === undefined ? (
            '—'
          ) : (
            <span
              className={`font-mono ${(c.getValue() as number) < -0.0005 ? 'font-medium text-red-700' : ''}`}
            >
              {(100 * (c.getValue() as number)).toFixed(1)}%
            </span>
          ),
      }),
    ],
    [priceLabel],
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
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table aria-label="Strategy summary" className="w-full text-sm">
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id}>
              {g.headers.map((h) => (
                <th key={h.id} className="px-2 py-1.5 text-left font-semibold">
                  <SortButton
                    direction={h.column.getIsSorted()}
                    onClick={h.column.getToggleSortingHandler()}
                    className="uppercase"
                  >
                    {flexRender(h.column.columnDef.header, h.getContext())}
                  </SortButton>
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((r) => (
            <tr key={r.id} className="border-t border-slate-100">
              {r.getVisibleCells().map((c) => (
                <td key={c.id} className="px-2 py-1.5">
                  {flexRender(c.column.columnDef.cell, c.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
