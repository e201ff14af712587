'use client';
/**
 * Every step in order, virtualized so 10,000+ steps scroll smoothly; each row says what the step
 * did (its headline: the calls with their main argument, the text, the error in red).
 */
import { memo } from 'react';
import { isErrorRow } from '../../lib/model/headline';
import type { Step } from '../../lib/model/types';
import {
  compactionSizes,
  describeCompaction,
  type CompactionMarker,
} from '../../lib/simulate/compactions';
import { Badge, KindBadge } from '../ui/badge';
import { Button } from '../ui/button';
import { formatTokens, KIND_STYLE } from '../ui/kinds';
import { Panel } from '../ui/panel';
import { Tooltip } from '../ui/tooltip';
import { VirtualRows } from '../ui/virtual-rows';
import { HeadlineLine } from './headline-line';

const ROW = 44;

function clock(timestamp: number | undefined): string | undefined {
  return timestamp === undefined
    ? undefined
    : new Date(timestamp * 1000).toISOString().slice(11, 19);
}

/**
 * One row, rendered again only when its own props change: a scroll re-renders the list, and the
 * rows that stay on screen are not rendered again.
 */
const TimelineRow = memo(function TimelineRow({
  step,
  tokens,
  max,
  selected,
  compaction,
  spawning,
  onSelect,
}: {
  step: Step;
  tokens: number;
  max: number;
  selected: boolean;
  compaction: CompactionMarker | undefined;
  spawning: boolean;
  onSelect(id: string): void;
}) {
  const style = KIND_STYLE[step.kind];
  const time = clock(step.timestamp);
  const duration =
    step.kind === 'action' && step.durationMs !== undefined
      ? `${(step.durationMs / 1000).toFixed(1)} s`
      : undefined;
  const failed = isErrorRow(step);
  const button = (
    <Button
      variant="bare"
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(step.id)}
      className={`flex h-full w-full items-center gap-3 border-b border-slate-100 px-3 text-sm ${selected ? 'bg-blue-50 ring-1 ring-inset ring-blue-400' : 'hover:bg-slate-50'}`}
    >
      {/* The row is named by what it shows (WCAG 2.5.3, label in name): "Step 12 Action Bash: npm
          test error 1.2k tokens in this step", the words a sighted user reads plus "Step" and "tokens". */}
      <span className="w-10 shrink-0 text-right font-mono text-xs text-slate-400">
        <span className="sr-only">Step </span>
        {step.stepNumber}
      </span>
      <KindBadge kind={step.kind} glyph className="w-20 shrink-0" />
      <HeadlineLine step={step} layout="stacked" className="flex-1 text-left" />
      {compaction && (
        <Badge tone={compaction.kind === 'probable' ? 'amber' : 'teal'} className="shrink-0">
          {compaction.kind === 'probable' ? 'probable compaction' : 'compaction'}
          {compaction.before || compaction.after ? ` ${compactionSizes(compaction)}` : ''}
        </Badge>
      )}
      {spawning && <Badge tone="violet">⤷ sub-agent</Badge>}
      {failed && <Badge tone="red">error</Badge>}
      {time && <span className="hidden font-mono text-xs text-slate-400 xl:inline">{time}</span>}
      {duration && (
        <span className="hidden font-mono text-xs text-slate-400 lg:inline">{duration}</span>
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
          <span className="sr-only"> tokens in this step</span>
        </span>
      </span>
    </Button>
  );
  // What the compaction did, on the row that carries it.
  return compaction ? <Tooltip content={describeCompaction(compaction)}>{button}</Tooltip> : button;
});

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
  // A step selected elsewhere (the chart, a compaction, the URL) scrolls into view; a row already
  // on screen stays where it is.
  const selectedIndex = props.steps.findIndex((s) => s.id === props.selectedId);
  const max = props.tokens.reduce((m, t) => Math.max(m, t), 1);
  return (
    <Panel label="Timeline" padded={false} className="flex h-full min-h-0 flex-col">
      <header className="flex items-center justify-between border-b border-slate-200 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
        <span>
          Timeline · {props.steps.length} step{props.steps.length === 1 ? '' : 's'}
        </span>
        <span>{props.exact ? 'tokens' : '≈ tokens (estimate)'}</span>
      </header>
      <VirtualRows
        count={props.steps.length}
        rowHeight={ROW}
        // The pane's height is the steps view's (steps-view.tsx): the list fills what the header leaves.
        maxHeight="100%"
        className="min-h-0 flex-1 overflow-auto"
        list="ol"
        scrollTo={selectedIndex}
        align="auto"
        renderRow={(index, placement) => {
          const step = props.steps[index] as Step;
          return (
            <li key={step.id} {...placement}>
              <TimelineRow
                step={step}
                tokens={props.tokens[index] ?? 0}
                max={max}
                selected={step.id === props.selectedId}
                compaction={props.compactions?.get(step.id)}
                spawning={props.spawning.has(step.id)}
                onSelect={props.onSelect}
              />
            </li>
          );
        }}
      />
    </Panel>
  );
}
