'use client';
/**
 * Every original step as one row across the strategies, with its fate at the call on screen (the
 * slider's): kept, truncated (click for what was cut, marked where it was cut), removed (greyed;
 * runs every strategy removed fold into one row), summarized (the summary and what it replaced),
 * the call itself, or not sent yet (a step after the call). The fate comes from the strategy's
 * context at that call, so a step keep-last-N drops later is still kept early on. Identifiers a
 * strategy loses are flagged on the step that held them, each with the call that needed it.
 * Virtualized, with one scroll for all columns.
 */
import { useMemo, useState } from 'react';
import {
  buildAlignedRows,
  callColumns,
  lostByStep,
  rowFate,
  type AlignedRow,
  type RowFate,
} from '../../lib/compare/aligned-rows';
import type { Comparison } from '../../lib/compare/compare';
import type { ContextAt } from '../../lib/compare/context-at';
import { standInNote, STAND_IN_LABEL } from '../../lib/compare/stand-in';
import { primaryText } from '../../lib/model/steps';
import type { Step } from '../../lib/model/types';
import { Button } from '../ui/button';
import { KindBadge } from '../ui/badge';
import { HeadlineLine } from '../timeline/headline-line';
import { Panel } from '../ui/panel';
import { VirtualRows } from '../ui/virtual-rows';
import { ColumnLabel } from './column-label';
import { CutList } from './cut-marks';
import { LostIdentifiers } from './lost-identifiers';
import { RemovedFold } from './removed-fold';
import { useContextAt } from './use-comparison';

const FATE_STYLE: Record<RowFate['kind'], string> = {
  kept: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  truncated: 'bg-amber-50 text-amber-800 ring-amber-300',
  removed: 'bg-slate-100 text-slate-500 ring-slate-200',
  summarized: 'bg-violet-50 text-violet-800 ring-violet-200',
  'this call': 'bg-blue-50 text-blue-800 ring-blue-300',
  'not sent': 'bg-white text-slate-500 ring-slate-200',
};

const FATE_LABEL: Record<RowFate['kind'], string> = {
  kept: 'kept',
  truncated: 'truncated',
  removed: 'removed',
  summarized: 'summarized',
  'this call': 'this call',
  'not sent': 'not sent yet',
};

/** What is open under a row: one column's cut or summary, or the identifiers it lost there. */
type Open = { stepId: string; column: number; what: 'fate' | 'lost' };

export function AlignedSteps(props: {
  steps: readonly Step[];
  cmp: Comparison;
  selectedId?: string;
  onSelect(id: string): void;
}) {
  const { steps, cmp } = props;
  const { at, answer, stale } = useContextAt();
  // The fates shown are the answer's call (the previous one while the next is computed).
  const call = answer?.stepIndex ?? at ?? -1;
  const callNumber = cmp.baseline.calls.findIndex((c) => c.stepIndex === call) + 1;
  const [open, setOpen] = useState<Open | undefined>(undefined);
  const [unfolded, setUnfolded] = useState<ReadonlySet<number>>(new Set());
  const shown = useMemo(
    () => cmp.columns.flatMap((c, i) => (c.error ? [] : [{ column: c, index: i }])),
    [cmp.columns],
  );
  const lostAt = useMemo(() => lostByStep(shown.map((s) => s.column)), [shown]);
  const cols = useMemo(
    () =>
      callColumns(
        steps,
        shown.map(({ index }): ContextAt | undefined => {
          const fates = answer?.fates[index];
          return fates ? { steps: answer?.contexts[index] ?? [], fates, tokens: 0 } : undefined;
        }),
      ),
    [steps, shown, answer],
  );
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
  // A step picked elsewhere (a warning's link) is scrolled into view, else the call on screen.
  const rowOf = (index: number) => rows.findIndex((r) => r.kind === 'step' && r.index === index);
  const selectedRow = rows.findIndex(
    (r) => r.kind === 'step' && steps[r.index]?.id === props.selectedId,
  );
  const grid = {
    gridTemplateColumns: `minmax(14rem, 2fr) repeat(${shown.length}, minmax(9rem, 1fr))`,
  };
  const toggle = (next: Open) =>
    setOpen(
      open?.stepId === next.stepId && open.column === next.column && open.what === next.what
        ? undefined
        : next,
    );
  return (
    <Panel label="Aligned steps" padded={false} className="flex min-h-0 flex-col">
      <p
        className="border-b border-slate-200 px-3 py-1.5 text-xs text-slate-600"
        aria-live="polite"
      >
        {callNumber > 0
          ? `Each step's fate at call ${callNumber} (step ${steps[call]?.stepNumber ?? ''}), the call the context slider is on: what each strategy sent of it then. Steps after the call were not sent yet.`
          : 'Computing the fates at the call on screen…'}
      </p>
      <div className="overflow-x-auto">
        <div className="min-w-fit">
          <div
            className="grid gap-2 border-b border-slate-200 px-3 py-2 text-xs font-semibold text-slate-500"
            style={grid}
          >
            <span className="uppercase tracking-wide">Step</span>
            {shown.map(({ column, index }) => (
              <ColumnLabel key={index} index={index} label={column.label} />
            ))}
          </div>
          <VirtualRows
            count={rows.length}
            rowHeight={40}
            measure
            overscan={10}
            maxHeight="70vh"
            className={`min-h-0 overflow-auto ${stale ? 'opacity-70' : ''}`}
            scrollTo={selectedRow >= 0 ? selectedRow : rowOf(call)}
            align="center"
            revealInPage={false}
            renderRow={(index, placement) => {
              const row = rows[index] as AlignedRow;
              if (row.kind === 'inserted') {
                const text = row.step.kind === 'summary' ? row.step.content : primaryText(row.step);
                const strategyId = shown[row.column]?.column.choice.strategyId ?? '';
                const note = standInNote(row.step, strategyId);
                return (
                  <div
                    key={`ins-${row.column}-${row.step.id}`}
                    {...placement}
                    className="border-b border-slate-100 bg-violet-50/40"
                  >
                    <div className="grid items-center gap-2 px-3 py-1.5 text-sm" style={grid}>
                      <span className="flex min-w-0 items-center gap-2 pl-10">
                        <span className="shrink-0 rounded px-1.5 py-0.5 text-xs font-medium text-violet-800 ring-1 ring-violet-200">
                          Summary
                        </span>
                        {note && (
                          <span
                            className="shrink-0 rounded bg-violet-100 px-1 text-xs text-violet-800"
                            title={note}
                          >
                            {STAND_IN_LABEL}
                          </span>
                        )}
                        <span className="truncate text-violet-900" title={text}>
                          {text.replace(/\s+/g, ' ').slice(0, 120)}
                        </span>
                      </span>
                      {shown.map(({ index: ci }, k) => (
                        <span key={ci}>
                          {k === row.column && (
                            <span className="rounded bg-violet-100 px-1.5 py-0.5 text-xs font-medium text-violet-800 ring-1 ring-violet-300">
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
                    <RemovedFold
                      steps={steps}
                      from={row.from}
                      to={row.to}
                      unfolded={unfolded}
                      onUnfold={setUnfolded}
                      className="border-b border-slate-100"
                    />
                  </div>
                );
              }
              const step = steps[row.index] as Step;
              const mine = open?.stepId === step.id ? open : undefined;
              const expandedFate =
                mine?.what === 'fate'
                  ? answer?.fates[shown[mine.column]?.index ?? -1]?.[row.index]
                  : undefined;
              const expandedLost =
                mine?.what === 'lost' ? lostAt[mine.column]?.get(step.id) : undefined;
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
                    >
                      {/* Named by what it shows (WCAG 2.5.3): "Step 3 User Hi! I need…". */}
                      <span className="w-8 shrink-0 text-right font-mono text-xs text-slate-500">
                        <span className="sr-only">Step </span>
                        {step.stepNumber}
                      </span>
                      <KindBadge kind={step.kind} className="shrink-0" />
                      <HeadlineLine step={step} layout="inline" className="text-slate-700" />
                    </Button>
                    {shown.map(({ column: c }, k) => {
                      const fates = cols[k]?.result?.fates;
                      const lost = lostAt[k]?.get(step.id);
                      if (!fates)
                        return (
                          <span key={k} className="text-xs text-slate-400">
                            …
                          </span>
                        );
                      const fate = rowFate(fates, row.index, call);
                      const clickable = fate.kind === 'truncated' || fate.kind === 'summarized';
                      const isOpen = mine?.column === k && mine.what === 'fate';
                      const first = lost?.[0];
                      return (
                        <div key={k} className="flex min-w-0 flex-col items-start gap-0.5">
                          <Button
                            variant="bare"
                            disabled={!clickable}
                            aria-label={`${c.label}: ${FATE_LABEL[fate.kind]} (step ${step.stepNumber})${lost ? `, loses ${lost.length} ${lost.length === 1 ? 'identifier' : 'identifiers'}` : ''}`}
                            aria-expanded={clickable ? isOpen : undefined}
                            onClick={() => toggle({ stepId: step.id, column: k, what: 'fate' })}
                            className={`w-fit rounded px-1.5 py-0.5 text-xs font-medium ring-1 ${FATE_STYLE[fate.kind]} ${clickable ? 'cursor-pointer hover:brightness-95' : 'cursor-default'}`}
                          >
                            {FATE_LABEL[fate.kind]}
                            {clickable && <span aria-hidden>{isOpen ? ' ▾' : ' ▸'}</span>}
                          </Button>
                          {first && (
                            <Button
                              variant="bare"
                              aria-expanded={mine?.column === k && mine.what === 'lost'}
                              onClick={() => toggle({ stepId: step.id, column: k, what: 'lost' })}
                              className="max-w-full truncate text-xs text-red-700 hover:underline"
                            >
                              loses {first.kind} {first.identifier}
                              {lost.length > 1 ? ` +${lost.length - 1}` : ''}
                            </Button>
                          )}
                        </div>
                      );
                    })}
                  </div>
                  {expandedFate?.kind === 'truncated' && (
                    <div className="bg-amber-50/60 px-3 pb-2">
                      <div className="mb-1 text-xs text-slate-600">
                        {shown[mine?.column ?? 0]?.column.label} at call {callNumber}: the text each
                        part kept, and where it was cut
                      </div>
                      <CutList cuts={expandedFate.cuts} label="Truncation diff" />
                    </div>
                  )}
                  {expandedFate?.kind === 'summarized' &&
                    (() => {
                      const s = summaries[mine?.column ?? 0]?.get(expandedFate.summaryId);
                      if (s?.kind !== 'summary') return null;
                      const note = standInNote(
                        s,
                        shown[mine?.column ?? 0]?.column.choice.strategyId ?? '',
                      );
                      return (
                        <div className="bg-violet-50/60 px-3 pb-2 text-xs">
                          <div className="mb-1 text-slate-600">
                            Summary replacing {s.replaces.length} step(s):{' '}
                            {s.replaces
                              .map((id) => steps.find((x) => x.id === id)?.stepNumber)
                              .join(', ')}
                          </div>
                          {note && <p className="mb-1 text-violet-800">{note}</p>}
                          <pre className="whitespace-pre-wrap break-words rounded bg-white p-2 font-mono">
                            {s.content}
                          </pre>
                        </div>
                      );
                    })()}
                  {expandedLost && (
                    <div className="bg-red-50/40 px-3 pb-2">
                      <LostIdentifiers
                        lost={expandedLost}
                        steps={steps}
                        calls={cmp.baseline.calls}
                        label={`Identifiers ${shown[mine?.column ?? 0]?.column.label ?? ''} loses at step ${step.stepNumber}`}
                      />
                    </div>
                  )}
                </div>
              );
            }}
          />
        </div>
      </div>
    </Panel>
  );
}
