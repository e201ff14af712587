'use client';
/** Every step in order, virtualized so 10,000+ steps scroll smoothly. */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { hasError, primaryText, toolNamesOf } from '../../lib/model/steps';
import type { Step } from '../../lib/model/types';
import {
  compactionSizes,
  describeCompaction,
  type CompactionMarker,
} from '../../lib/simulate/compactions';
import { formatTokens, KIND_STYLE } from '../ui/kinds';

const ROW = 44;

function label(step: Step): string {
  const tools = toolNamesOf(step);
  if (tools.length > 0) return tools.join(', ');
  return primaryText(step).replace(/\s+/g, ' ').slice(0, 120) || '(empty)';
}

function clock(timestamp: number | undefined): string | undefined {
  return timestamp === undefined
    ? undefined
    : new Date(timestamp * 1000).toISOString().slice(11, 19);
}

export function Timeline(props: {
  steps: readonly Step[];
  tokens: readonly number[];
  exact: boolean;
  selectedId?: string;
  /** Ids of the steps that spawned a sub-agent. */
  spawning: ReadonlySet<string>;
  /** Compactions by the step that carries them (recorded) or the call after them (probable). */
  compactions?: ReadonlyMap<string, CompactionMarker>;
  onSelect(id: string): void;
}) {
  const parent = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler, whose memoization this warning is about.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: props.steps.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW,
    overscan: 12,
  });
  // A step selected elsewhere (the chart, a compaction, the URL) scrolls into view; a row already
  // on screen stays where it is.
  const selectedIndex = props.steps.findIndex((s) => s.id === props.selectedId);
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);
  const max = props.tokens.reduce((m, t) => Math.max(m, t), 1);
  return (
    <section
      aria-label="Timeline"
      className="flex min-h-0 flex-col rounded-lg border border-slate-200 bg-white"
    >
      <header className="flex items-center justify-between border-b border-slate-200 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
        <span>
          Timeline · {props.steps.length} step{props.steps.length === 1 ? '' : 's'}
        </span>
        <span>{props.exact ? 'tokens' : '≈ tokens (estimate)'}</span>
      </header>
      <div ref={parent} className="min-h-0 flex-1 overflow-auto" style={{ maxHeight: '60vh' }}>
        <ol style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const step = props.steps[row.index] as Step;
            const style = KIND_STYLE[step.kind];
            const tokens = props.tokens[row.index] ?? 0;
            const selected = step.id === props.selectedId;
            const compaction = props.compactions?.get(step.id);
            const time = clock(step.timestamp);
            const duration =
              step.kind === 'action' && step.durationMs !== undefined
                ? `${(step.durationMs / 1000).toFixed(1)} s`
                : undefined;
            return (
              <li
                key={step.id}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: ROW,
                  transform: `translateY(${row.start}px)`,
                }}
              >
                <button
                  type="button"
                  aria-current={selected ? 'true' : undefined}
                  aria-label={`Step ${step.stepNumber}: ${style.label}${compaction ? `, ${compaction.kind === 'probable' ? 'probable compaction' : 'compaction'}` : ''}${hasError(step) ? ', error' : ''}, ${tokens} tokens`}
                  onClick={() => props.onSelect(step.id)}
                  className={`flex h-full w-full items-center gap-3 border-b border-slate-100 px-3 text-left text-sm ${selected ? 'bg-blue-50 ring-1 ring-inset ring-blue-400' : 'hover:bg-slate-50'}`}
                >
                  <span className="w-10 shrink-0 text-right font-mono text-xs text-slate-400">
                    {step.stepNumber}
                  </span>
                  <span
                    className={`inline-flex w-20 shrink-0 items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium ring-1 ${style.badge}`}
                  >
                    <span aria-hidden>{style.glyph}</span>
                    {style.label}
                  </span>
                  <span className="min-w-0 flex-1 truncate text-slate-700">{label(step)}</span>
                  {compaction && (
                    <span
                      title={describeCompaction(compaction)}
                      className={`shrink-0 rounded px-1.5 text-xs font-semibold ${compaction.kind === 'probable' ? 'bg-amber-100 text-amber-800' : 'bg-teal-100 text-teal-800'}`}
                    >
                      {compaction.kind === 'probable' ? 'probable compaction' : 'compaction'}
                      {compaction.before || compaction.after
                        ? ` ${compactionSizes(compaction)}`
                        : ''}
                    </span>
                  )}
                  {props.spawning.has(step.id) && (
                    <span className="rounded bg-violet-100 px-1.5 text-xs font-semibold text-violet-700">
                      ⤷ sub-agent
                    </span>
                  )}
                  {hasError(step) && (
                    <span className="rounded bg-red-100 px-1.5 text-xs font-semibold text-red-700">
                      error
                    </span>
                  )}
                  {time && (
                    <span className="hidden font-mono text-xs text-slate-400 xl:inline">
                      {time}
                    </span>
                  )}
                  {duration && (
                    <span className="hidden font-mono text-xs text-slate-400 lg:inline">
                      {duration}
                    </span>
                  )}
                  <span className="flex w-36 shrink-0 items-center gap-2">
                    <span className="h-2 flex-1 rounded bg-slate-100">
                      <span
                        className="block h-2 rounded"
                        style={{ width: `${(100 * tokens) / max}%`, background: style.color }}
                      />
                    </span>
                    <span className="w-12 text-right font-mono text-xs text-slate-600">
                      {formatTokens(tokens)}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
