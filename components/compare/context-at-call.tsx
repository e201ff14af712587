'use client';
/**
 * "Context at call k": a slider over the run's model calls (←/→, Home, End; it starts on call 1)
 * and, per strategy, exactly what the model would have received at that call, as rendered
 * messages side by side (context-rows.tsx) or as the request's JSON. The view selects the call and
 * the worker's answer itself (`useContextAt`), so the aligned rows show the same call.
 */
import { useMemo, useRef, useState } from 'react';
import type { Comparison } from '../../lib/compare/compare';
import { toMessages, type Dialect } from '../../lib/messages';
import { primaryText, toolNamesOf } from '../../lib/model/steps';
import type { Step } from '../../lib/model/types';
import { formatTokens } from '../ui/kinds';
import { Panel } from '../ui/panel';
import { Segmented } from '../ui/segmented';
import { DialectSelect } from '../inspector/dialect-select';
import { useShownRun } from '../workspace/shown-run';
import { ContextRows, type ContextColumn } from './context-rows';
import { ColumnLabel } from './column-label';
import { useContextAt, type ContextsAt } from './use-comparison';

type Mode = 'messages' | 'json';

/** The request bodies side by side, scrolled together so the same part stays level. */
function JsonPanes(props: {
  answer: ContextsAt;
  columns: readonly ContextColumn[];
  dialect: Dialect;
}) {
  const { answer, columns, dialect } = props;
  const panes = useRef<(HTMLPreElement | null)[]>([]);
  const syncing = useRef(false);
  const onScroll = (from: number) => {
    if (syncing.current) return;
    const source = panes.current[from];
    if (!source) return;
    const ratio = source.scrollTop / Math.max(1, source.scrollHeight - source.clientHeight);
    syncing.current = true;
    panes.current.forEach((p, i) => {
      if (p && i !== from) p.scrollTop = ratio * (p.scrollHeight - p.clientHeight);
    });
    requestAnimationFrame(() => (syncing.current = false));
  };
  const texts = useMemo(
    () => answer.contexts.map((steps) => JSON.stringify(toMessages(steps, dialect), null, 2)),
    [answer.contexts, dialect],
  );
  return (
    <div
      className="mt-2 grid gap-2 overflow-x-auto"
      style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(16rem, 1fr))` }}
    >
      {columns.map((c, i) => (
        <div key={c.index} className="min-w-0">
          <div className="mb-1 flex items-center justify-between gap-2 text-xs font-medium">
            <ColumnLabel index={c.index} label={c.label} />
            <span className="shrink-0 font-mono text-slate-500">
              {(answer.contexts[c.index] ?? []).length} steps ·{' '}
              {formatTokens(answer.tokens[c.index] ?? 0)} tokens
            </span>
          </div>
          <pre
            ref={(el) => {
              panes.current[i] = el;
            }}
            onScroll={() => onScroll(i)}
            role="region"
            aria-label={`Messages for ${c.label}`}
            tabIndex={0}
            className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-xs text-slate-800"
          >
            {texts[c.index]}
          </pre>
        </div>
      ))}
    </div>
  );
}

/** "get_reservation_details" or the step's first words: what the call on screen produced. */
function produced(step: Step | undefined): string {
  if (!step) return '';
  const tools = toolNamesOf(step).join(', ');
  const text = primaryText(step).replace(/\s+/g, ' ').trim();
  return tools || (text.length > 80 ? `${text.slice(0, 80)}…` : text);
}

export function ContextAtCall(props: {
  cmp: Comparison;
  dialect: Dialect;
  onDialect(d: Dialect): void;
  onCall(stepIndex: number): void;
  /**
   * No longer read (the view selects the call and the answer itself, `useContextAt`); accepted so
   * compare-view.tsx, which still passes them, compiles until it stops.
   */
  stepIndex?: number;
  contexts?: readonly (readonly Step[])[];
  tokens?: readonly number[];
}) {
  const { history } = useShownRun();
  const { at, answer, stale: behind, error } = useContextAt();
  const [mode, setMode] = useState<Mode>('messages');
  const calls = props.cmp.baseline.calls;
  const position = Math.max(
    0,
    calls.findIndex((c) => c.stepIndex === at),
  );
  const columns = useMemo(
    () =>
      props.cmp.columns.map((c, i) => ({
        index: i,
        label: c.label,
        strategyId: c.choice.strategyId,
      })),
    [props.cmp.columns],
  );
  if (calls.length === 0) return null;
  const step = at === undefined ? undefined : history.steps[at];
  return (
    <Panel label="Context at call">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <label className="flex min-w-[16rem] flex-1 items-center gap-2">
          <span className="whitespace-nowrap font-medium text-slate-700">
            Context at call {position + 1} of {calls.length}
          </span>
          <input
            aria-label="Model call"
            aria-valuetext={`call ${position + 1} of ${calls.length}`}
            type="range"
            min={0}
            max={calls.length - 1}
            value={position}
            onChange={(e) => props.onCall(calls[Number(e.target.value)]?.stepIndex ?? 0)}
            className="flex-1"
          />
        </label>
        <DialectSelect value={props.dialect} onChange={props.onDialect} label="Context dialect" />
        <Segmented<Mode>
          label="Show the context as"
          value={mode}
          onChange={setMode}
          options={[
            { value: 'messages', label: 'Messages' },
            { value: 'json', label: 'JSON' },
          ]}
        />
      </div>
      {step && (
        <p className="mt-1 text-xs text-slate-600">
          Call {position + 1} produced step {step.stepNumber}
          {produced(step) && <> ({produced(step)})</>}. Each column is what that strategy sends
          before it; ←/→, Home and End on the slider move through the calls.
        </p>
      )}
      {error && <p className="mt-2 text-sm text-red-700">{error}</p>}
      {!answer ? (
        <p className="mt-2 text-sm text-slate-500">Computing…</p>
      ) : (
        <div
          aria-busy={behind}
          className={behind ? 'opacity-60 transition-opacity' : 'transition-opacity'}
        >
          {behind && (
            <p className="mt-2 text-xs text-slate-500">
              Computing call {position + 1}; showing the previous call meanwhile.
            </p>
          )}
          {mode === 'json' ? (
            <JsonPanes answer={answer} columns={columns} dialect={props.dialect} />
          ) : (
            <ContextRows
              steps={history.steps}
              answer={answer}
              columns={columns}
              dialect={props.dialect}
            />
          )}
        </div>
      )}
    </Panel>
  );
}
