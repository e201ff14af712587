/**
 * What the workspace derives from the history and the user's choices, kept out of components: which
 * model applies (the user's, else the one the run records, else the assumed default), its context
 * window, label and price sheet; and which runs a long file's run picker lists.
 */
import type { ActionStep, History } from '../model/types';
import { priceSheetFor, type PriceSheet } from '../simulate/cache';
import { contextWindowFor, DEFAULT_MODEL, findModel } from '../tokens/models';

export interface ModelChoice {
  /** The model id that applies: chosen, else recorded; undefined when neither (the default is assumed). */
  readonly model: string | undefined;
  /** The model the run itself records (the history's, else its first action's). */
  readonly recorded: string | undefined;
  readonly contextWindow: number;
  readonly label: string;
  /** Costs use the model's list price; a model not in the table is priced as the assumed default. */
  readonly sheet: PriceSheet | undefined;
}

export function chooseModel(history: History | undefined, chosen: string | undefined): ModelChoice {
  const recorded =
    history?.model ??
    history?.steps.find((s): s is ActionStep => s.kind === 'action' && s.model !== undefined)
      ?.model;
  const model = chosen ?? recorded;
  const known = findModel(model);
  return {
    model,
    recorded,
    contextWindow: contextWindowFor(model),
    label: known?.label ?? `${findModel(DEFAULT_MODEL)?.label ?? DEFAULT_MODEL} (assumed)`,
    sheet: priceSheetFor(known ?? findModel(DEFAULT_MODEL)),
  };
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
