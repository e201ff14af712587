'use client';
/**
 * Every original step as one row across the strategies: kept, truncated (click for the text diff),
 * removed (greyed; runs every strategy removes fold into one row), or summarized (the summary and
 * what it replaced). Identifiers a strategy loses are flagged on the step that held them.
 * Virtualized, with one scroll for all columns.
 */
import { diffWordsWithSpace } from 'diff';
import { useMemo, useState } from 'react';
import { buildAlignedRows, lostByStep, type AlignedRow } from '../../lib/compare/aligned-rows';
import type { Comparison } from '../../lib/compare/compare';
import { primaryText, toolNamesOf } from '../../lib/model/steps';
import type { Step } from '../../lib/model/types';
import type { StepFate } from '../../lib/strategies/types';
import { Button } from '../ui/button';
import { KindBadge } from '../ui/badge';
import { KIND_STYLE } from '../ui/kinds';
import { Panel } from '../ui/panel';
import { VirtualRows } from '../ui/virtual-rows';
import { columnColor } from './palette';

type Row = AlignedRow;

const FATE_STYLE: Record<StepFate['kind'], string> = {
  kept: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  truncated: 'bg-amber-50 text-amber-800 ring-amber-300',
  removed: 'bg-slate-100 text-slate-400 ring-slate-200',
  summarized: 'bg-violet-50 text-violet-800 ring-violet-200',
};

function Diff({ before, after }: { before: string; after: string }) {
  const parts = useMemo(() => diffWordsWithSpace(before, after), [before, after]);
  return (
    <pre
      aria-label="Truncation diff"
      className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-white p-2 font-mono text-xs"
    >
      {parts.map((p, i) => (
        <span
          key={i}
          className={
            p.removed
              ? 'bg-red-100 text-red-800 line-through'
              : p.added
                ? 'bg-emerald-100 text-emerald-800'
                : 'text-slate-700'
          }
        >
          {p.value}
        </span>
      ))}
    </pre>
  );
}

export function AlignedSteps(props: {
  steps: readonly Step[];
  cmp: Comparison;
  selectedId?: string;
  onSelect(id: string): void;
}) {
  const { steps, cmp } = props;
  const [open, setOpen] = useState<string | undefined>(undefined);
  const [unfolded, setUnfolded] = useState<ReadonlySet<number>>(new Set());
  const cols = cmp.columns.filter((c) => !c.error);
  const lostAt = useMemo(() => lostByStep(cols), [cols]);
  const summaries = useMemo(
    () => cols.map((c) => new Map((c.result?.inserted ?? []).map((s) => [s.id, s]))),
    [cols],
  );
  const rows = useMemo(
    () =>
      buildAlignedRows(steps, cols, {
        unfolded,
        ...(props.selectedId ? { selectedId: props.selectedId } : {}),
      }),
    [steps, cols, unfolded, props.selectedId],
  );
  // A step picked elsewhere (a warning's link) is scrolled into view.
  const selectedRow = rows.findIndex(
    (r) => r.kind === 'step' && steps[r.index]?.id === props.selectedId,
  );
  const grid = {
    gridTemplateColumns: `minmax(14rem, 2fr) repeat(${cols.length}, minmax(9rem, 1fr))`,
  };
  return (
    <Panel label="Aligned steps" padded={false} className="flex min-h-0 flex-col">
      <div
        className="grid border-b border-slate-200 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500"
        style={grid}
      >
        <span>Step</span>
        {cols.map((c, i) => (
          <span key={i} className="truncate" style={{ color: columnColor(cmp.columns.indexOf(c)) }}>
            {c.label}
          </span>
        ))}
      </div>
      <VirtualRows
        count={rows.length}
        rowHeight={40}
        measure
        overscan={10}
        maxHeight="70vh"
        className="min-h-0 overflow-auto"
        scrollTo={selectedRow}
        align="center"
        renderRow={(index, placement) => {
          const row = rows[index] as Row;
          if (row.kind === 'inserted') {
            const text = row.step.kind === 'summary' ? row.step.content : primaryText(row.step);
            return (
              <div
                key={`ins-${row.column}-${row.step.id}`}
                {...placement}
                className="border-b border-slate-100 bg-violet-50/40"
              >
                <div className="grid items-center gap-2 px-3 py-1.5 text-sm" style={grid}>
                  <span className="flex min-w-0 items-center gap-2 pl-10">
                    <span className="shrink-0 rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-violet-200 text-violet-800">
                      Summary
                    </span>
                    <span className="truncate text-violet-900" title={text}>
                      {text.replace(/\s+/g, ' ').slice(0, 120)}
                    </span>
                  </span>
                  {cols.map((_, ci) => (
                    <span key={ci}>
                      {ci === row.column && (
                        <span className="rounded px-1.5 py-0.5 text-xs font-medium ring-1 bg-violet-100 text-violet-800 ring-violet-300">
                          inserted
                        </span>
                      )}
                    </span>
                  ))}
                </div>
              </div>
            );
          }
          if (row.kind === 'fold') {
            return (
              <div key={`fold-${row.from}`} {...placement}>
                <Button
                  variant="bare"
                  onClick={() =>
                    setUnfolded(
                      new Set([
                        ...unfolded,
                        ...Array.from({ length: row.to - row.from + 1 }, (_, k) => row.from + k),
                      ]),
                    )
                  }
                  className="w-full border-b border-slate-100 bg-slate-50 px-3 py-1.5 text-xs text-slate-500 hover:bg-slate-100"
                >
                  ▸ steps {steps[row.from]?.stepNumber}–{steps[row.to]?.stepNumber}: removed by
                  every strategy ({row.to - row.from + 1} steps) — show
                </Button>
              </div>
            );
          }
          const step = steps[row.index] as Step;
          const style = KIND_STYLE[step.kind];
          const label =
            toolNamesOf(step).join(', ') || primaryText(step).replace(/\s+/g, ' ').slice(0, 90);
          const expanded = open?.startsWith(`${step.id}:`) ? Number(open.split(':')[1]) : undefined;
          const expandedFate =
            expanded === undefined ? undefined : cols[expanded]?.result?.fates[row.index];
          return (
            <div key={step.id} {...placement} className="border-b border-slate-100">
              <div
                className={`grid items-center gap-2 px-3 py-1.5 text-sm ${step.id === props.selectedId ? 'bg-blue-50' : ''}`}
                style={grid}
              >
                <Button
                  variant="bare"
                  onClick={() => props.onSelect(step.id)}
                  className="flex min-w-0 items-center gap-2"
                  aria-label={`Step ${step.stepNumber}: ${style.label}`}
                >
                  <span className="w-8 shrink-0 text-right font-mono text-xs text-slate-400">
                    {step.stepNumber}
                  </span>
                  <KindBadge kind={step.kind} className="shrink-0" />
                  <span className="truncate text-slate-700">{label}</span>
                </Button>
                {cols.map((c, ci) => {
                  const fate = c.result?.fates[row.index];
                  if (!fate) return <span key={ci} />;
                  const lost = lostAt[ci]?.get(step.id);
                  const summary =
                    fate.kind === 'summarized' ? summaries[ci]?.get(fate.summaryId) : undefined;
                  const clickable = fate.kind === 'truncated' || fate.kind === 'summarized';
                  return (
                    <div key={ci} className="flex min-w-0 flex-col gap-0.5">
                      <Button
                        variant="bare"
                        disabled={!clickable}
                        aria-label={`${c.label}: ${fate.kind}${lost ? `, loses ${lost.length} identifier(s)` : ''}`}
                        aria-expanded={clickable ? expanded === ci : undefined}
                        onClick={() => setOpen(expanded === ci ? undefined : `${step.id}:${ci}`)}
                        className={`w-fit rounded px-1.5 py-0.5 text-xs font-medium ring-1 ${FATE_STYLE[fate.kind]} ${clickable ? 'cursor-pointer hover:brightness-95' : 'cursor-default'}`}
                      >
                        {fate.kind}
                        {clickable && (expanded === ci ? ' ▾' : ' ▸')}
                      </Button>
                      {lost && (
                        <span className="truncate text-xs text-red-700" title={lost.join(', ')}>
                          loses {lost.slice(0, 3).join(', ')}
                          {lost.length > 3 ? ` +${lost.length - 3}` : ''}
                        </span>
                      )}
                      {summary && summary.kind === 'summary' && expanded !== ci && (
                        <span className="truncate text-xs text-violet-700">
                          {summary.content.slice(0, 60)}
                        </span>
                      )}
                    </div>
                  );
                })}
              </div>
              {expandedFate?.kind === 'truncated' && (
                <div className="bg-amber-50/60 px-3 pb-2">
                  <div className="mb-1 text-xs text-slate-600">
                    {cols[expanded as number]?.label}:{' '}
                    {expandedFate.before.length.toLocaleString('en-US')} →{' '}
                    {expandedFate.after.length.toLocaleString('en-US')} characters
                  </div>
                  <Diff before={expandedFate.before} after={expandedFate.after} />
                </div>
              )}
              {expandedFate?.kind === 'summarized' &&
                (() => {
                  const s = summaries[expanded as number]?.get(expandedFate.summaryId);
                  return s?.kind === 'summary' ? (
                    <div className="bg-violet-50/60 px-3 pb-2 text-xs">
                      <div className="mb-1 text-slate-600">
                        Summary replacing {s.replaces.length} step(s):{' '}
                        {s.replaces
                          .map((id) => steps.find((x) => x.id === id)?.stepNumber)
                          .join(', ')}
                      </div>
                      <pre className="whitespace-pre-wrap break-words rounded bg-white p-2 font-mono">
                        {s.content}
                      </pre>
                    </div>
                  ) : null;
                })()}
            </div>
          );
        }}
      />
    </Panel>
  );
}
