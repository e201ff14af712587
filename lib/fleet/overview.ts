/**
 * The fleet overview: one row per run of a loaded file or folder (a benchmark's trajectories, a
 * results file of many simulations), with the figures the run totals show for one run, so a row and
 * the run it opens cannot disagree: model calls, input tokens over the run as sending everything
 * bills them (`noneContexts`, the same walk the run totals' "Run input" sums), the peak context,
 * the calls whose context passes the model's window, what the run cost (lib/pricing/paid.ts: what the
 * file recorded, else its usage priced) and how it ended (lib/model/run-summary.ts).
 *
 * Pure: the worker gives each run's per-step counts (chars/4 first, then the tokenizer's own) and
 * sends the rows to the page. Independent of lib/fleet/aggregate.ts (the CLI's).
 */
import { outcomeKind, type OutcomeKind } from '../model/run-summary';
import type { ActionStep, History, Step } from '../model/types';
import type { PriceOverrides } from '../pricing/overrides';
import { whatYouPaidWithChildren } from '../pricing/paid';
import { noneContexts } from '../simulate/reconcile';
import { contextWindowFor, contextWindowKnown } from '../tokens/models';

/** One run's figures, as the overview lists them. */
export interface FleetRow {
  /** The run's index in the loaded file (what opening it selects). */
  readonly index: number;
  readonly id: string;
  readonly title?: string;
  readonly steps: number;
  readonly modelCalls: number;
  /** Every call's context summed: the run's input when every call sends everything before it. */
  readonly inputTokens: number;
  /** The largest context any call sends. */
  readonly peakContext: number;
  /** Calls whose context is larger than the model's window. */
  readonly overWindow: number;
  readonly contextWindow: number;
  /** The window is GPT-4o's, assumed: the run names no model the catalog knows. */
  readonly windowAssumed: boolean;
  /** The model the run records (its own, else its first call's). */
  readonly model?: string;
  /** What the run cost with its sub-agents, in USD; absent when nothing could be priced. */
  readonly costUsd?: number;
  /** Where the cost comes from: the file's own record, or its usage priced from the catalog. */
  readonly costBasis?: 'recorded' | 'priced';
  readonly outcome?: string;
  readonly outcomeKind?: OutcomeKind;
}

/** The model a run records: the history's, else its first action's (as the workspace chooses it). */
export function recordedModel(history: History): string | undefined {
  return (
    history.model ??
    history.steps.find((s): s is ActionStep => s.kind === 'action' && s.model !== undefined)?.model
  );
}

/** What the run cost with its sub-agents, and whether every part of it is the file's own record. */
function costOf(history: History, overrides: PriceOverrides | undefined) {
  const paid = whatYouPaidWithChildren(history, overrides ? { overrides } : {});
  if (paid.usd === undefined) return {};
  const recorded = paid.runs.every((r) => r.paid.kind === 'recorded');
  return { costUsd: paid.usd, costBasis: recorded ? ('recorded' as const) : ('priced' as const) };
}

/** One run's row from its steps' token counts (`tokens[i]` for `history.steps[i]`). */
export function fleetRow(
  history: History,
  index: number,
  tokens: readonly number[],
  overrides?: PriceOverrides,
): FleetRow {
  const model = recordedModel(history);
  const contextWindow = contextWindowFor(model, overrides);
  let inputTokens = 0;
  let peakContext = 0;
  let overWindow = 0;
  const contexts = noneContexts(history.steps, tokens);
  for (const c of contexts) {
    inputTokens += c.tokens;
    peakContext = Math.max(peakContext, c.tokens);
    if (c.tokens > contextWindow) overWindow++;
  }
  const kind = outcomeKind(history.outcome);
  return {
    index,
    id: history.id,
    ...(history.title ? { title: history.title } : {}),
    steps: history.steps.length,
    modelCalls: contexts.length,
    inputTokens,
    peakContext,
    overWindow,
    contextWindow,
    windowAssumed: !contextWindowKnown(model, overrides),
    ...(model !== undefined ? { model } : {}),
    ...costOf(history, overrides),
    ...(history.outcome ? { outcome: history.outcome } : {}),
    ...(kind ? { outcomeKind: kind } : {}),
  };
}

/** Every run's row, counting each step with `count` (the worker's cached counts). */
export function fleetRows(
  histories: readonly History[],
  count: (step: Step) => number,
  overrides?: PriceOverrides,
  onRow?: (done: number) => void,
): FleetRow[] {
  return histories.map((h, i) => {
    const row = fleetRow(h, i, h.steps.map(count), overrides);
    onRow?.(i + 1);
    return row;
  });
}
