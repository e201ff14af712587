/**
 * What the workspace derives from the history and the user's choices, kept out of components: which
 * model applies (the user's, else the one the run records), its context window, label and price
 * sheet; and which runs a long file's run picker lists. A model the run did not use is never
 * assumed for a cost (issue 21): a run that names no model, or one the price catalog lacks, has no
 * price sheet until the user picks a model or gives its prices. A window must be some number, so
 * an unknown model's is GPT-4o's 128k, and the label says it is assumed.
 */
import type { ActionStep, History } from '../model/types';
import type { PriceOverrides } from '../pricing/overrides';
import { priceSheetFor, type PriceSheet } from '../simulate/cache';
import { contextWindowFor, contextWindowKnown, findModel } from '../tokens/models';

export interface ModelChoice {
  /** The model id that applies: chosen, else recorded; undefined when neither. */
  readonly model: string | undefined;
  /** The model the run itself records (the history's, else its first action's). */
  readonly recorded: string | undefined;
  readonly contextWindow: number;
  /** The window is the assumed default, not the model's own. */
  readonly windowAssumed: boolean;
  readonly label: string;
  /** The model's list prices (or the user's); undefined when the model is unknown or unpriced. */
  readonly sheet: PriceSheet | undefined;
  /** Why there is no price sheet, for the views that would show a cost. */
  readonly unpriced?: string;
}

export function chooseModel(
  history: History | undefined,
  chosen: string | undefined,
  prices?: PriceOverrides,
): ModelChoice {
  const recorded =
    history?.model ??
    history?.steps.find((s): s is ActionStep => s.kind === 'action' && s.model !== undefined)
      ?.model;
  const model = chosen ?? recorded;
  const sheet = model ? priceSheetFor(model, prices) : undefined;
  return {
    model,
    recorded,
    contextWindow: contextWindowFor(model, prices),
    windowAssumed: !contextWindowKnown(model, prices),
    label: model === undefined ? 'Model not recorded' : (findModel(model)?.label ?? model),
    sheet,
    ...(sheet
      ? {}
      : {
          unpriced:
            model === undefined
              ? 'the file names no model: pick one to price this run'
              : `"${model}" is not in the price catalog: pick a model or give its prices (Usage & cost)`,
        }),
  };
}

/** "Claude Sonnet 4.5 window 200k", or the assumed window said as such. */
export function windowLabelOf(choice: ModelChoice, format: (n: number) => string): string {
  return choice.windowAssumed
    ? `${choice.label}: window assumed ${format(choice.contextWindow)} (GPT-4o's)`
    : `${choice.label} window ${format(choice.contextWindow)}`;
}

/** The runs a run picker lists: all of a short file, else `size` around the current one (a run number reaches the rest). */
export function runWindow(
  runCount: number,
  current: number,
  size: number,
): { start: number; end: number } {
  const start = runCount <= size ? 0 : Math.max(0, Math.min(current - size / 2, runCount - size));
  return { start, end: Math.min(runCount, start + size) };
}
