'use client';
/**
 * The compactions a run really made, prominent above its chart: one button per compaction the file
 * recorded or the reported input betrays ("probable"), and for the one selected what it dropped, the
 * summary the model read afterwards, and what the dropped input had cost every later call.
 */
import {
  compactionSizes,
  describeCompaction,
  figureSource,
  type CompactionMarker,
  type TokenFigure,
} from '../../lib/simulate/compactions';
import type { PriceSheet } from '../../lib/simulate/cache';
import { Button } from '../ui/button';
import { formatTokens } from '../ui/kinds';
import { Tooltip } from '../ui/tooltip';

const usd = (x: number) =>
  x >= 1 ? `$${x.toFixed(2)}` : x >= 0.01 ? `$${x.toFixed(3)}` : `$${x.toPrecision(2)}`;

const figure = (f: TokenFigure | undefined) => (f ? formatTokens(f.tokens) : '?');

/** The marker's position in words, short. */
export function markerLabel(m: CompactionMarker): string {
  const at = m.callAfter !== undefined ? `call ${m.callAfter}` : 'after the last call';
  return `${m.kind === 'probable' ? 'probable · ' : ''}${at} · ${compactionSizes(m)}`;
}

function Details(props: {
  marker: CompactionMarker;
  sheet?: PriceSheet;
  onSelect(id: string): void;
}) {
  const m = props.marker;
  const saved = Math.max(0, m.savedPerCall);
  const input = props.sheet?.inputUsdPerMTok;
  const cached = props.sheet?.cachedInputUsdPerMTok;
  return (
    <div className="mt-2 space-y-2 rounded border border-teal-200 bg-white p-2 text-sm text-slate-700">
      <p>{describeCompaction(m)}</p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
        {m.compaction && (
          <>
            <dt className="text-slate-500">Recorded as</dt>
            <dd className="font-mono">
              {m.compaction.recordedAs}
              {m.compaction.trigger ? ` · ${m.compaction.trigger}` : ''}
            </dd>
          </>
        )}
        <dt className="text-slate-500">Before</dt>
        <dd>
          {m.before
            ? `${figure(m.before)} tokens (${figureSource(m.before, m.callBefore)})`
            : 'not recorded'}
        </dd>
        <dt className="text-slate-500">After</dt>
        <dd>
          {m.after
            ? `${figure(m.after)} tokens (${figureSource(m.after, m.callAfter)})`
            : 'not recorded'}
        </dd>
        {m.kind === 'recorded' && (
          <>
            <dt className="text-slate-500">Dropped</dt>
            <dd>
              {m.droppedInFile
                ? `${m.dropped.length.toLocaleString('en-US')} steps, ${formatTokens(m.droppedTokens)} tokens counted`
                : 'not in the file (the framework did not keep what it dropped)'}
            </dd>
          </>
        )}
        {m.laterCalls > 0 && saved > 0 && (
          <>
            <dt className="text-slate-500">Each later call</dt>
            <dd>
              {formatTokens(saved)} tokens fewer over {m.laterCalls.toLocaleString('en-US')} call
              {m.laterCalls === 1 ? '' : 's'}
              {input !== undefined &&
                `: ${usd((saved * input) / 1e6)} a call at ${props.sheet?.label}'s input price${cached !== undefined && cached !== input ? ` (${usd((saved * cached) / 1e6)} read from the cache)` : ''}, ${usd((saved * input * m.laterCalls) / 1e6)} over the rest of the run`}
              {input === undefined && ' (no price: the run names no priced model)'}
            </dd>
          </>
        )}
      </dl>
      {m.kind === 'recorded' && (
        <details open={m.summary.length < 2_000}>
          <summary className="cursor-pointer text-xs font-semibold text-slate-600">
            {m.summary === ''
              ? 'No summary: the framework only forgot these steps'
              : `The summary the model read afterwards (${formatTokens(m.summaryTokens)} tokens)`}
          </summary>
          {m.summary !== '' && (
            <pre
              role="group"
              aria-label="Summary"
              tabIndex={0}
              className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-2 text-xs"
            >
              {m.summary}
            </pre>
          )}
        </details>
      )}
      <Button variant="link" size="xs" onClick={() => props.onSelect(m.stepId)}>
        Open step in the timeline
      </Button>
    </div>
  );
}

export function CompactionsPanel(props: {
  markers: readonly CompactionMarker[];
  /** The marker shown in full (by step id). */
  openId: string | undefined;
  onOpen(id: string | undefined): void;
  onSelect(id: string): void;
  sheet?: PriceSheet;
}) {
  if (props.markers.length === 0) return null;
  const recorded = props.markers.filter((m) => m.kind === 'recorded').length;
  const probable = props.markers.length - recorded;
  const open = props.markers.find((m) => m.stepId === props.openId);
  return (
    <section
      aria-label="Compactions"
      className="rounded-lg border border-teal-300 bg-teal-50 px-3 py-2 text-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold uppercase tracking-wide text-teal-800">
          {[
            recorded > 0 && `${recorded} compaction${recorded === 1 ? '' : 's'} recorded`,
            probable > 0 && `${probable} probable`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
        {props.markers.map((m) => (
          <Tooltip key={`${m.kind}-${m.stepId}`} content={describeCompaction(m)}>
            <Button
              variant="toggle"
              size="xs"
              pressed={m === open}
              onClick={() => props.onOpen(m === open ? undefined : m.stepId)}
            >
              {markerLabel(m)}
            </Button>
          </Tooltip>
        ))}
      </div>
      {open && (
        <Details
          marker={open}
          {...(props.sheet ? { sheet: props.sheet } : {})}
          onSelect={props.onSelect}
        />
      )}
    </section>
  );
}
