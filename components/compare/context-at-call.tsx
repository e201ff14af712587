'use client';
/** "Context at call k": a slider over the run's model calls and, per strategy, exactly the messages the model would have received. */
import { useMemo, useRef } from 'react';
import type { Comparison } from '../../lib/compare/compare';
import { toMessages, type Dialect } from '../../lib/messages';
import type { Step } from '../../lib/model/types';
import { formatTokens } from '../ui/kinds';
import { columnColor } from './palette';
import { DialectSelect } from '../inspector/dialect-select';
import { Panel } from '../ui/panel';

export function ContextAtCall(props: {
  cmp: Comparison;
  stepIndex?: number;
  contexts?: readonly (readonly Step[])[];
  tokens?: readonly number[];
  dialect: Dialect;
  onDialect(d: Dialect): void;
  onCall(stepIndex: number): void;
}) {
  const calls = props.cmp.baseline.calls;
  const position = Math.max(
    0,
    calls.findIndex((c) => c.stepIndex === props.stepIndex),
  );
  // The columns scroll together, so the same part of each context stays side by side.
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
  const messages = useMemo(
    () =>
      (props.contexts ?? []).map((steps) =>
        JSON.stringify(toMessages(steps, props.dialect), null, 2),
      ),
    [props.contexts, props.dialect],
  );
  if (calls.length === 0) return null;
  return (
    <Panel label="Context at call">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <label className="flex flex-1 items-center gap-2">
          <span className="whitespace-nowrap font-medium text-slate-700">
            Context at call {position + 1} of {calls.length}
          </span>
          <input
            aria-label="Model call"
            type="range"
            min={0}
            max={calls.length - 1}
            value={position}
            onChange={(e) => props.onCall(calls[Number(e.target.value)]?.stepIndex ?? 0)}
            className="flex-1"
          />
        </label>
        <DialectSelect value={props.dialect} onChange={props.onDialect} label="Context dialect" />
      </div>
      {props.stepIndex === undefined || !props.contexts ? (
        <p className="mt-2 text-sm text-slate-500">
          {props.stepIndex === undefined
            ? 'Pick a call with the slider or on the chart.'
            : 'Computing…'}
        </p>
      ) : (
        <div
          className="mt-2 grid gap-2"
          style={{ gridTemplateColumns: `repeat(${props.cmp.columns.length}, minmax(16rem, 1fr))` }}
        >
          {props.cmp.columns.map((c, i) => (
            <div key={i} className="min-w-0">
              <div
                className="mb-1 flex items-center justify-between text-xs font-medium"
                style={{ color: columnColor(i) }}
              >
                <span>{c.label}</span>
                <span className="font-mono text-slate-500">
                  {(props.contexts?.[i] ?? []).length} steps ·{' '}
                  {formatTokens(props.tokens?.[i] ?? 0)} tokens
                </span>
              </div>
              <pre
                ref={(el) => {
                  panes.current[i] = el;
                }}
                onScroll={() => onScroll(i)}
                aria-label={`Messages for ${c.label}`}
                className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-xs text-slate-800"
              >
                {messages[i]}
              </pre>
            </div>
          ))}
        </div>
      )}
    </Panel>
  );
}
