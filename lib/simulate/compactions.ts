/**
 * The compactions a run really made, as events on its timeline (issue 22): each one a framework
 * recorded (a summary step of origin `model` that replaces earlier steps: Claude Code's
 * `compact_boundary`, Codex's `compacted`, pi's `compaction`, OpenHands' condensation, ...) and,
 * where the file records none, each call whose reported input drops by more than half from the
 * call before while the recorded history did not shrink: a "probable compaction".
 *
 * For each: the calls around it, the context before and after (the file's own figure when it gives
 * one, else the input it reports for the calls around it, else Stepscope's count), what was dropped
 * and the summary that replaced it, and what the dropped input had cost every later call.
 * The same events, applied by the strategies' simulated runs (`Application`), give where a preset
 * would have compacted (`strategyCompactions`), so the two can be put side by side.
 */
import { isModelCall } from '../model/steps';
import type { RecordedCompaction, Step } from '../model/types';
import { promptTokensOf } from '../model/usage';
import { contextEvents, type ContextEvent } from './recorded';
import { noneContexts, probableDrops } from './reconcile';
import type { SimulatedRun } from './types';

/** A token figure and where it comes from. */
export interface TokenFigure {
  readonly tokens: number;
  /** `file`: the record says it; `reported`: the usage the file reports for the call around it; `counted`: Stepscope's count. */
  readonly source: 'file' | 'reported' | 'counted';
}

export interface CompactionMarker {
  readonly kind: 'recorded' | 'probable';
  /** The summary step (recorded), or the call whose input dropped (probable). */
  readonly stepIndex: number;
  readonly stepId: string;
  /** 1-based numbers of the model calls just before and just after it (absent at a run's edge). */
  readonly callBefore?: number;
  readonly callAfter?: number;
  /** What the file records about it (recorded only). */
  readonly compaction?: RecordedCompaction;
  readonly before?: TokenFigure;
  readonly after?: TokenFigure;
  /** Ids of the steps it dropped that were still in the context (recorded only). */
  readonly dropped: readonly string[];
  /** The file holds what it dropped (false: Letta's evicted messages, a compressed Gemini history). */
  readonly droppedInFile: boolean;
  /** Counted tokens of those steps. */
  readonly droppedTokens: number;
  /** The summary the model read afterwards ('' when the framework only forgot). */
  readonly summary: string;
  readonly summaryTokens: number;
  /** Model calls from `callAfter` to the next compaction (or the end of the run). */
  readonly laterCalls: number;
  /**
   * Input each later call no longer sent: the dropped steps less the summary (counted), or for a
   * probable compaction the reported drop.
   */
  readonly savedPerCall: number;
}

const figure = <K extends 'before' | 'after'>(key: K, f: TokenFigure | undefined) =>
  (f ? { [key]: f } : {}) as Partial<Record<K, TokenFigure>>;

/** The file's figure, else the reported one, else the count (`false`: none to give). */
function firstFigure(
  file: number | undefined,
  reported: number | undefined,
  counted: number | false,
): TokenFigure | undefined {
  if (file !== undefined) return { tokens: file, source: 'file' };
  if (reported !== undefined) return { tokens: reported, source: 'reported' };
  return counted === false ? undefined : { tokens: counted, source: 'counted' };
}

interface Call {
  readonly call: number;
  readonly stepIndex: number;
  /** The context `none` sends, counted. */
  readonly simulated: number;
  readonly reported?: number;
}

function callsOf(steps: readonly Step[], tokens: readonly number[]): Call[] {
  return noneContexts(steps, tokens).map(({ stepIndex, tokens: simulated }, k): Call => {
    const s = steps[stepIndex] as Step;
    const usage = s.kind === 'action' || s.kind === 'planning' ? s.usage : undefined;
    const reported = usage ? (promptTokensOf(usage)?.total ?? 0) : 0;
    return reported > 0
      ? { call: k + 1, stepIndex, simulated, reported }
      : { call: k + 1, stepIndex, simulated };
  });
}

/** Every compaction of the run, recorded and probable, in the order of the run. */
export function compactionMarkers(
  steps: readonly Step[],
  tokens: readonly number[],
): CompactionMarker[] {
  const calls = callsOf(steps, tokens);
  const totalCalls = calls.length;
  const events = contextEvents(steps);
  const out: CompactionMarker[] = [];
  // The ids in the context before each recorded compaction, walked once over the events.
  const hidden = new Set<string>();
  let indexOf: Map<string, number> | undefined;
  let c = 0;
  // A compaction the file records but whose dropped steps it does not hold (Letta's evicted
  // messages, a compressed Gemini history) replaces nothing: a marker still, without an event.
  const recordedOnly = steps.flatMap((s, at) =>
    s.kind === 'summary' && s.compaction !== undefined && !events.some((e) => e.at === at)
      ? [{ at, kind: 'compaction' as const, stepIds: [] }]
      : [],
  );
  const ordered = [...events, ...recordedOnly].sort((a, b) => a.at - b.at);
  for (const event of ordered) {
    if (event.kind === 'compaction') out.push(recorded(event));
    for (const id of event.stepIds) {
      if (event.kind === 'expand') hidden.delete(id);
      else hidden.add(id);
    }
  }

  function recorded(event: ContextEvent): CompactionMarker {
    const step = steps[event.at] as Step & { kind: 'summary' };
    while (c < calls.length && (calls[c] as Call).stepIndex < event.at) c++;
    const before = calls[c - 1];
    const after = calls[c];
    const dropped = event.stepIds.filter((id) => !hidden.has(id));
    indexOf ??= new Map(steps.map((s, i) => [s.id, i]));
    const index = indexOf;
    const droppedTokens = dropped.reduce((n, id) => n + (tokens[index.get(id) ?? -1] ?? 0), 0);
    const summaryTokens = step.content === '' ? 0 : (tokens[event.at] ?? 0);
    // The context just before it, counted: every step before it that was still in the context.
    let countedBefore = 0;
    for (let i = 0; i < event.at; i++)
      if (!hidden.has((steps[i] as Step).id)) countedBefore += tokens[i] ?? 0;
    const countedAfter = countedBefore - droppedTokens + summaryTokens;
    const file = step.compaction;
    // Only the importer knows whether the file holds what was dropped (Letta and a compressed
    // Gemini history do not); a compaction with nothing left to drop still holds it.
    const droppedInFile = file?.droppedInFile !== false;
    // Without the dropped steps, only the file's own figures say what a later call saved.
    const savedPerCall = droppedInFile
      ? droppedTokens - summaryTokens
      : file?.tokensBefore !== undefined && file.tokensAfter !== undefined
        ? file.tokensBefore - file.tokensAfter
        : 0;
    return {
      kind: 'recorded',
      stepIndex: event.at,
      stepId: step.id,
      ...(before ? { callBefore: before.call } : {}),
      ...(after ? { callAfter: after.call } : {}),
      ...(file ? { compaction: file } : {}),
      // Counted only where the file holds what was dropped (else the count says nothing).
      ...figure(
        'before',
        firstFigure(file?.tokensBefore, before?.reported, droppedInFile && countedBefore),
      ),
      ...figure(
        'after',
        firstFigure(file?.tokensAfter, after?.reported, droppedInFile && countedAfter),
      ),
      dropped,
      droppedInFile,
      droppedTokens,
      summary: step.content,
      summaryTokens,
      laterCalls: after ? totalCalls - after.call + 1 : 0,
      savedPerCall,
    };
  }

  // Each compaction's later calls end where the next one starts: past it, the next one's figures
  // hold, and adding both would count the same calls twice.

  const drops = probableDrops(calls);
  for (const { before, after } of drops) {
    // A recorded event between the two calls explains the drop.
    if (ordered.some((e) => e.at > before.stepIndex && e.at < after.stepIndex)) continue;
    const step = steps[after.stepIndex] as Step;
    out.push({
      kind: 'probable',
      stepIndex: after.stepIndex,
      stepId: step.id,
      callBefore: before.call,
      callAfter: after.call,
      before: { tokens: before.reported as number, source: 'reported' },
      after: { tokens: after.reported as number, source: 'reported' },
      dropped: [],
      droppedInFile: false,
      droppedTokens: 0,
      summary: '',
      summaryTokens: 0,
      laterCalls: totalCalls - after.call + 1,
      savedPerCall: (before.reported as number) - (after.reported as number),
    });
  }
  out.sort((a, b) => a.stepIndex - b.stepIndex);
  return out.map((m, k) => {
    const next = out[k + 1]?.callAfter;
    if (m.callAfter === undefined || next === undefined) return m;
    return { ...m, laterCalls: Math.max(0, next - m.callAfter) };
  });
}

/** Where a simulated run's strategy shrank the context before a model call. */
export interface StrategyCompaction {
  /** 1-based number of the first call that sent the shrunk context. */
  readonly call: number;
  readonly stepIndex: number;
  readonly beforeTokens: number;
  readonly afterTokens: number;
}

/**
 * The applications of a simulated run that shrank the context, each at the first call after it.
 * `minDrop` (a share of the context before) leaves out the small trims of a window moved every call.
 */
export function strategyCompactions(
  steps: readonly Step[],
  run: SimulatedRun,
  minDrop = 0.2,
): StrategyCompaction[] {
  const callSteps: number[] = [];
  steps.forEach((s, i) => {
    if (isModelCall(s)) callSteps.push(i);
  });
  const out: StrategyCompaction[] = [];
  let k = 0;
  for (const a of run.applications) {
    if (a.afterRun || a.afterTokens > a.beforeTokens * (1 - minDrop)) continue;
    // It ran on the first `atStep` steps: the next call is the first at or after that step.
    while (k < callSteps.length && (callSteps[k] as number) < a.atStep) k++;
    if (k >= callSteps.length) break;
    out.push({
      call: k + 1,
      stepIndex: callSteps[k] as number,
      beforeTokens: a.beforeTokens,
      afterTokens: a.afterTokens,
    });
  }
  return out;
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');

/** Where a marker's figure comes from, in words. */
export function figureSource(f: TokenFigure, call: number | undefined): string {
  if (f.source === 'file') return 'recorded in the file';
  if (f.source === 'reported') return `reported for call ${call}`;
  return 'counted';
}

/** "155,301 → 44,664" (a side the file does not give is "?"), or "no counts" when it gives none. */
export function compactionSizes(m: CompactionMarker): string {
  if (!m.before && !m.after) return 'no counts';
  const side = (f: TokenFigure | undefined) => (f ? count(f.tokens) : '?');
  // Figures from different sources (the file's, the reported input, the count) are not one scale.
  const mixed = m.before && m.after && m.before.source !== m.after.source;
  const tag = (f: TokenFigure | undefined) =>
    mixed && f ? ` (${f.source === 'file' ? 'file' : f.source})` : '';
  return `${side(m.before)}${tag(m.before)} → ${side(m.after)}${tag(m.after)}`;
}

/** One sentence per marker, for the CLI and screen readers. */
export function describeCompaction(m: CompactionMarker): string {
  const before = m.before
    ? `${count(m.before.tokens)} (${figureSource(m.before, m.callBefore)})`
    : '?';
  const after = m.after ? `${count(m.after.tokens)} (${figureSource(m.after, m.callAfter)})` : '?';
  if (m.kind === 'probable')
    return `Probable compaction at call ${m.callAfter}, not recorded: the reported input drops from ${before} to ${after}.`;
  const how = [m.compaction?.recordedAs, m.compaction?.trigger].filter(Boolean).join(', ');
  const where = m.callBefore === undefined ? 'before the first call' : `after call ${m.callBefore}`;
  const later =
    m.laterCalls > 0 && (m.droppedInFile || m.savedPerCall !== 0)
      ? ` Each of the ${count(m.laterCalls)} later call${m.laterCalls === 1 ? '' : 's'} sent ${count(Math.abs(m.savedPerCall))} tokens ${m.savedPerCall >= 0 ? 'fewer' : 'more'}${m.droppedInFile ? '' : ' (by the file’s figures)'}.`
      : '';
  const dropped = m.droppedInFile
    ? `${count(m.dropped.length)} step${m.dropped.length === 1 ? '' : 's'} dropped (${count(m.droppedTokens)} tokens counted)`
    : 'what it dropped is not in the file';
  const sizes =
    m.before || m.after ? `${before} → ${after} tokens` : 'its token counts are not in the file';
  return `Recorded compaction${how ? ` (${how})` : ''} ${where}: ${sizes}; ${dropped}, ${m.summary === '' ? 'no summary' : `a summary of ${count(m.summaryTokens)} tokens`}.${later}`;
}
