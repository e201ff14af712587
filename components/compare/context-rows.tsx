'use client';
/**
 * The context at one call, strategy beside strategy, as rendered messages: one row per step of the
 * run before the call, so what one strategy keeps and another dropped sits side by side. The prefix
 * every strategy sends alike (the system prompt, the first task…) is shown once, folded; then a
 * row per step where each column shows the messages that strategy sends for it: whole, truncated
 * (the cut marked where it was made), or a thin "removed" / "in the summary" cell, and the summaries
 * a strategy sent on rows of their own. Rows that differ between strategies are marked.
 */
import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { buildAlignedRows, callColumns, type AlignedRow } from '../../lib/compare/aligned-rows';
import type { CallFate } from '../../lib/compare/context-at';
import { standInNote, standInNoteOf, STAND_IN_LABEL } from '../../lib/compare/stand-in';
import type { TextCut } from '../../lib/compare/truncation';
import { cachedUnits, type Dialect } from '../../lib/messages';
import { readableMessage } from '../../lib/messages/readable';
import type { Step } from '../../lib/model/types';
import { useDebuggerStore } from '../contexts/store-context';
import { Button } from '../ui/button';
import { KindBadge } from '../ui/badge';
import { formatTokens } from '../ui/kinds';
import { VirtualRows } from '../ui/virtual-rows';
import { ColumnLabel } from './column-label';
import { cutSummary } from './cut-marks';
import { MessageView } from './message-view';
import { RemovedFold } from './removed-fold';
import type { ContextsAt } from './use-comparison';

/** A strategy shown as a column: its place in the comparison, its name, its strategy id. */
export interface ContextColumn {
  readonly index: number;
  readonly label: string;
  readonly strategyId: string;
}

/** A step's messages in the dialect, readable, with what the strategy cut of it. */
function StepMessages(props: { step: Step; dialect: Dialect; cuts?: readonly TextCut[] }) {
  const units = cachedUnits(props.step, props.dialect);
  if (units.length === 0) return <span className="text-xs text-slate-500">(no message)</span>;
  return (
    <div className="flex flex-col gap-2">
      {units.map((u, i) => (
        <MessageView key={i} message={readableMessage(u.message)} cuts={props.cuts ?? []} />
      ))}
    </div>
  );
}

/** The messages of several steps, one after another (the shared prefix). */
export function StepsMessages(props: { steps: readonly Step[]; dialect: Dialect }) {
  return (
    <div className="flex flex-col gap-2">
      {props.steps.map((s) => (
        <StepMessages key={s.id} step={s} dialect={props.dialect} />
      ))}
    </div>
  );
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "system prompt, 3 messages, 1,252 tokens": what the shared prefix holds. */
export function describeShared(steps: readonly Step[], dialect: Dialect, tokens: number): string {
  const system = steps.filter((s) => s.kind === 'system-prompt').length;
  const messages = steps
    .filter((s) => s.kind !== 'system-prompt')
    .reduce((n, s) => n + cachedUnits(s, dialect).length, 0);
  return [
    ...(system > 0 ? [system === 1 ? 'system prompt' : plural(system, 'system prompt')] : []),
    ...(messages > 0 ? [plural(messages, 'message')] : []),
    plural(tokens, 'token'),
  ].join(', ');
}

/** One strategy's cell for a step: what it sends for it at this call. */
function FateCell(props: {
  fate: CallFate | undefined;
  step: Step | undefined;
  dialect: Dialect;
  differs: boolean;
  /** Where the summary standing for a summarized step sits: after this step (its last). */
  summaryAfter?: number;
}) {
  const { fate, step } = props;
  if (!fate) return <div />;
  switch (fate.kind) {
    case 'removed':
      return (
        <div className="rounded border border-dashed border-slate-300 px-2 py-1 text-xs text-slate-500">
          removed
        </div>
      );
    case 'summarized':
      return (
        <div className="rounded border border-dashed border-violet-300 px-2 py-1 text-xs text-violet-800">
          summarized
          {props.summaryAfter !== undefined && `: in the summary after step ${props.summaryAfter}`}
        </div>
      );
    case 'truncated':
      return (
        <div className="rounded border-l-4 border-amber-400 bg-amber-50/50 py-1 pl-2">
          <div className="mb-1 text-xs font-medium text-amber-900">
            truncated: {fate.cuts.map((c) => `${c.label} ${cutSummary(c)}`).join('; ')}
          </div>
          {step && <StepMessages step={step} dialect={props.dialect} cuts={fate.cuts} />}
        </div>
      );
    case 'kept':
      return (
        <div
          className={
            props.differs ? 'rounded border-l-4 border-emerald-500 bg-emerald-50/40 py-1 pl-2' : ''
          }
        >
          {props.differs && (
            <div className="mb-1 text-xs font-medium text-emerald-800">kept here</div>
          )}
          {step && <StepMessages step={step} dialect={props.dialect} />}
        </div>
      );
  }
}

export function ContextRows(props: {
  /** The run's steps (the page's copy: only the row labels are read from it). */
  steps: readonly Step[];
  answer: ContextsAt;
  columns: readonly ContextColumn[];
  dialect: Dialect;
}) {
  const { steps, answer, columns, dialect } = props;
  const { selectedId, actions } = useDebuggerStore(
    useShallow((s) => ({ selectedId: s.selectedStepId, actions: s.actions })),
  );
  const call = answer.stepIndex;
  const [unfolded, setUnfolded] = useState<ReadonlySet<number>>(new Set());
  const [sharedOpen, setSharedOpen] = useState(false);
  const shown = useMemo(
    () => columns.filter((c) => answer.fates[c.index] !== undefined),
    [columns, answer],
  );
  // Shown once only when there are strategies to share it: one strategy's context is all its own.
  const shared = useMemo(() => {
    const first = shown[0] ? (answer.contexts[shown[0].index] ?? []) : [];
    return shown.length >= 2 ? first.slice(0, answer.shared.steps) : [];
  }, [shown, answer]);
  const sharedIds = useMemo(() => new Set(shared.map((s) => s.id)), [shared]);
  const allShared =
    shared.length > 0 &&
    shown.every((c) => (answer.contexts[c.index] ?? []).length === shared.length);
  // Each column's steps by id: a kept step is the strategy's own (whole) copy, a cut one its variant.
  const byId = useMemo(
    () => answer.contexts.map((c) => new Map(c.map((s) => [s.id, s]))),
    [answer.contexts],
  );
  const stepIndexOf = useMemo(() => new Map(steps.map((s, i) => [s.id, i])), [steps]);
  // A strategy whose context holds Stepscope's own summaries says so over its column.
  const standIns = useMemo(
    () => columns.map((c) => standInNoteOf(answer.contexts[c.index] ?? [], c.strategyId)),
    [columns, answer.contexts],
  );
  const rows = useMemo(() => {
    const before = steps.slice(0, call);
    const cols = callColumns(
      before,
      shown.map((c) => {
        const fates = answer.fates[c.index];
        const context = answer.contexts[c.index] ?? [];
        return fates ? { steps: context, fates, tokens: 0 } : undefined;
      }),
    );
    return buildAlignedRows(before, cols, { unfolded }).filter(
      (r) => r.kind !== 'step' || !sharedIds.has(before[r.index]?.id ?? ''),
    );
  }, [steps, call, shown, answer, unfolded, sharedIds]);
  const grid = {
    gridTemplateColumns: `4.5rem repeat(${shown.length}, minmax(15rem, 1fr))`,
  };
  const sharedText = describeShared(shared, dialect, answer.shared.tokens);

  // A summarized step points to its summary's row: after the last step the summary replaces.
  const summaryAfter = (fate: CallFate | undefined, column: number) => {
    if (fate?.kind !== 'summarized') return {};
    const summary = byId[column]?.get(fate.summaryId);
    if (summary?.kind !== 'summary') return {};
    const last = Math.max(...summary.replaces.map((id) => stepIndexOf.get(id) ?? -1));
    const number = steps[last]?.stepNumber;
    return number === undefined ? {} : { summaryAfter: number };
  };

  const renderRow = (row: AlignedRow) => {
    if (row.kind === 'fold')
      return (
        <RemovedFold
          steps={steps}
          from={row.from}
          to={row.to}
          unfolded={unfolded}
          onUnfold={setUnfolded}
        />
      );
    if (row.kind === 'inserted') {
      const column = shown[row.column];
      const note = column ? standInNote(row.step, column.strategyId) : undefined;
      const replaced =
        row.step.kind === 'summary'
          ? row.step.replaces
              .map((id) => steps.find((s) => s.id === id)?.stepNumber)
              .filter((n) => n !== undefined)
          : [];
      return (
        <div className="grid gap-2 px-2 py-2" style={grid}>
          <span className="text-xs font-medium text-violet-800">summary</span>
          {shown.map((c, ci) => (
            <div key={c.index} className="min-w-0">
              {ci === row.column && (
                <div className="rounded border-l-4 border-violet-400 bg-violet-50/50 py-1 pl-2">
                  <div className="mb-1 text-xs text-violet-900">
                    <span className="font-medium">
                      sent in place of {plural(replaced.length, 'step')}
                    </span>
                    {replaced.length > 0 && ` (${replaced[0]}–${replaced.at(-1)})`}
                    {note && (
                      <span className="ml-1 rounded bg-violet-100 px-1 font-medium" title={note}>
                        {STAND_IN_LABEL}
                      </span>
                    )}
                  </div>
                  {note && <p className="mb-1 text-xs text-violet-800">{note}</p>}
                  <StepMessages step={row.step} dialect={dialect} />
                </div>
              )}
            </div>
          ))}
        </div>
      );
    }
    const step = steps[row.index] as Step;
    const fates = shown.map((c) => answer.fates[c.index]?.[row.index]);
    const differs = fates.some((f) => f?.kind !== fates[0]?.kind || f?.kind === 'truncated');
    return (
      <div
        className={`grid gap-2 px-2 py-2 ${step.id === selectedId ? 'bg-blue-50' : differs ? 'bg-amber-50/30' : ''}`}
        style={grid}
        data-differs={differs || undefined}
      >
        <span className="flex flex-col items-start gap-1 text-xs">
          <Button
            variant="link"
            size="xs"
            className="font-mono"
            aria-current={step.id === selectedId ? 'true' : undefined}
            onClick={() => actions.selectStep(step.id)}
          >
            step {step.stepNumber}
          </Button>
          <KindBadge kind={step.kind} />
          {differs && <span className="font-medium text-amber-800">differs</span>}
        </span>
        {shown.map((c, ci) => (
          <div key={c.index} className="min-w-0">
            <FateCell
              fate={fates[ci]}
              step={byId[c.index]?.get(step.id)}
              dialect={dialect}
              differs={differs}
              {...summaryAfter(fates[ci], c.index)}
            />
          </div>
        ))}
      </div>
    );
  };

  return (
    <div className="mt-2 flex flex-col gap-2">
      {shared.length > 0 && !allShared && (
        <div className="rounded border border-slate-200">
          <Button
            variant="bare"
            aria-expanded={sharedOpen}
            onClick={() => setSharedOpen(!sharedOpen)}
            className="w-full px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
          >
            {sharedOpen ? '▾' : '▸'} Shared by all strategies: {sharedText}
          </Button>
          {sharedOpen && (
            <div
              role="region"
              tabIndex={0}
              aria-label="Messages every strategy shares"
              className="max-h-96 overflow-auto border-t border-slate-200 p-2"
            >
              <StepsMessages steps={shared} dialect={dialect} />
            </div>
          )}
        </div>
      )}
      {allShared ? (
        <div className="rounded border border-slate-200">
          <p className="border-b border-slate-200 px-3 py-1.5 text-sm text-slate-700">
            Every strategy sends the same context at this call: {sharedText}.
          </p>
          <div
            role="region"
            tabIndex={0}
            className="max-h-[36rem] overflow-auto p-2"
            aria-label="Messages at this call"
          >
            <StepsMessages steps={shared} dialect={dialect} />
          </div>
        </div>
      ) : (
        <div className="overflow-x-auto rounded border border-slate-200">
          <div className="min-w-fit">
            <div
              className="grid gap-2 border-b border-slate-200 px-2 py-1.5 text-xs font-semibold"
              style={grid}
            >
              <span className="text-slate-500">step</span>
              {shown.map((c) => (
                <span key={c.index} className="min-w-0">
                  <ColumnLabel index={c.index} label={c.label} />
                  <span className="font-mono font-normal text-slate-500">
                    {formatTokens(answer.tokens[c.index] ?? 0)} tokens
                  </span>
                  {standIns[c.index] && (
                    <span
                      className="ml-1 rounded bg-violet-100 px-1 font-normal text-violet-800"
                      title={standIns[c.index]}
                    >
                      {STAND_IN_LABEL}
                    </span>
                  )}
                </span>
              ))}
            </div>
            <VirtualRows
              count={rows.length}
              rowHeight={90}
              measure
              overscan={4}
              maxHeight="36rem"
              className="overflow-y-auto"
              empty={<p className="p-3 text-sm text-slate-500">Nothing but the shared prefix.</p>}
              renderRow={(index, placement) => {
                const row = rows[index] as AlignedRow;
                const key =
                  row.kind === 'step'
                    ? `s${row.index}`
                    : row.kind === 'fold'
                      ? `f${row.from}`
                      : `i${row.column}-${row.step.id}`;
                return (
                  <div key={key} {...placement} className="border-b border-slate-100">
                    {renderRow(row)}
                  </div>
                );
              }}
            />
          </div>
        </div>
      )}
    </div>
  );
}
