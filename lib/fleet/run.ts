/**
 * One run of a fleet compared: every chosen strategy over the whole run against sending everything,
 * through the compare view's own code (lib/compare/compare.ts `compareStrategies`, what the history
 * worker answers the page with), reduced to the numbers a fleet sums: input tokens, peak context,
 * saved, calls over the window, identifiers lost, and the bill cached and uncached when the model
 * has a price. Also the run's task id and outcome, so fleets pair and split by outcome.
 */
import { compareStrategies } from '../compare/compare';
import type { StrategyChoice } from '../compare/config';
import { CUSTOM_ID, type CustomOutput, type CustomRunner } from '../compare/custom-run';
import { outcomeKind } from '../model/run-summary';
import { modelCallIndices } from '../model/steps';
import type { History } from '../model/types';
import type { PriceOverrides } from '../pricing/overrides';
import { priceSheetFor, runCost, type PriceSheet } from '../simulate/cache';
import { createStrategyContext } from '../strategies/context';
import type { StrategyContext } from '../strategies/types';
import { contextWindowFor } from '../tokens/models';
import type { StepTokens } from '../tokens/step-tokens';
import type { FleetOutcome, FleetRun, RunBaseline, StrategyOnRun } from './aggregate';

/** A chosen strategy and the name the user gave it (a preset id or a strategy id). */
export interface NamedChoice {
  readonly id: string;
  readonly choice: StrategyChoice;
}

const FILE_NAME = /\.(traj\.json|traj|json|jsonl|eval)$/i;

/**
 * The benchmark task a run solved. Files of several runs title each run by its task (`Task 3`,
 * `Task 3 · trial 1`), mini-swe-agent 2.x by its instance; a file read among others has its path
 * before its own title (lib/import/files.ts: `path · title`); mini-swe-agent 1.x and SWE-agent
 * files are named after their instance (`astropy__astropy-12907.traj.json`). So: the title with a
 * leading path taken off, up to its first ` · `; a title that is only a path gives its file name
 * without extensions.
 */
export function taskIdOf(h: Pick<History, 'id' | 'title'>): string {
  const parts = (h.title ?? h.id).split(' · ');
  if (parts.length > 1 && FILE_NAME.test(parts[0] as string)) parts.shift();
  const first = parts[0] as string;
  return FILE_NAME.test(first) ? (first.split('/').pop() as string).replace(FILE_NAME, '') : first;
}

/**
 * What the run's file says of its outcome, completed by a results file's verdict on its task: a
 * verdict the file records (`reward 1` for tau-bench and tau2, OpenHands' `resolved`, Inspect's `C`,
 * smolagents' answer matching the expected one: `outcomeKind`) is solved, a lower reward or a
 * failed one not; an exit status or an error alone says nothing of whether the task was solved
 * (mini-swe-agent writes `Submitted` for failed patches too).
 */
export function outcomeOf(
  h: Pick<History, 'outcome'>,
  resolvedByResults: boolean | undefined,
): FleetOutcome {
  const label = h.outcome ?? null;
  const reward = label ? /^reward (-?[\d.]+(?:e-?\d+)?)$/.exec(label) : null;
  const value = reward ? Number(reward[1]) : null;
  const kind = outcomeKind(label ?? undefined);
  const verdict =
    kind === 'resolved' ? true : kind === 'failed' || kind === 'partial' ? false : null;
  const resolved = resolvedByResults ?? verdict;
  return { label, resolved, reward: value };
}

export interface RunPlace {
  readonly index: number;
  readonly file: string;
  readonly run: number;
}

export function compareFleetRun(
  h: History,
  place: RunPlace,
  choices: readonly NamedChoice[],
  ctx: StrategyContext,
  sheet: PriceSheet | undefined,
  resolvedByResults?: boolean,
  custom?: CustomOutputs,
): FleetRun {
  const comparison = compareStrategies(
    h,
    choices.map((c) => c.choice),
    ctx,
    custom,
  );
  const base = comparison.baseline;
  const baseCost = sheet ? runCost(base.calls, sheet) : undefined;
  const baseline: RunBaseline = {
    inputTokens: base.totalInputTokens,
    peakContextTokens: base.peakContextTokens,
    overflowCalls: base.overflowCalls,
    costUsd: baseCost?.costUsd ?? null,
    uncachedCostUsd: baseCost?.uncachedCostUsd ?? null,
  };
  const strategies: StrategyOnRun[] = comparison.columns.map((col, k) => {
    const id = (choices[k] as NamedChoice).id;
    if (!col.replay)
      return {
        id,
        inputTokens: baseline.inputTokens,
        peakContextTokens: baseline.peakContextTokens,
        savedTokens: 0,
        savedShare: 0,
        overflowCalls: baseline.overflowCalls,
        lostIdentifiers: 0,
        costUsd: baseline.costUsd,
        uncachedCostUsd: baseline.uncachedCostUsd,
        error: col.error ?? 'did not run',
      };
    const cost = sheet ? runCost(col.replay.calls, sheet) : undefined;
    return {
      id,
      inputTokens: col.replay.totalInputTokens,
      peakContextTokens: col.replay.peakContextTokens,
      savedTokens: col.savedTokens,
      savedShare: col.savedShare,
      overflowCalls: col.replay.overflowCalls,
      lostIdentifiers: col.lost.length,
      costUsd: cost?.costUsd ?? null,
      uncachedCostUsd: cost?.uncachedCostUsd ?? null,
    };
  });
  return {
    index: place.index,
    file: place.file,
    run: place.run,
    id: h.id,
    task: taskIdOf(h),
    model: h.model ?? null,
    outcome: outcomeOf(h, resolvedByResults),
    steps: h.steps.length,
    calls: modelCallIndices(h.steps).length,
    baseline,
    strategies,
  };
}

/** How every run of a fleet is compared: the strategies, the fleet's counts, the model and prices. */
export interface FleetRunSettings {
  readonly choices: readonly NamedChoice[];
  readonly tokens: StepTokens;
  /** Every run priced and windowed as this model instead of its own (the CLI's `--model`). */
  readonly model?: string;
  readonly prices?: PriceOverrides;
}

/**
 * One run compared as a fleet compares each (the CLI, the app's fleet comparison and its paired
 * fleets): under its own model (or the settings'), with that model's window and price.
 */
export function compareRunOfFleet(
  h: History,
  place: RunPlace,
  settings: FleetRunSettings,
  resolvedByResults?: boolean,
  /** The sandbox's outputs for the custom functions among the choices (`customOutputsOf`). */
  custom?: CustomOutputs,
): FleetRun {
  const model = settings.model ?? h.model;
  const ctx = createStrategyContext({
    tokens: settings.tokens,
    model,
    contextWindow: runWindow(h, settings),
  });
  const sheet = model ? priceSheetFor(model, settings.prices) : undefined;
  return compareFleetRun(h, place, settings.choices, ctx, sheet, resolvedByResults, custom);
}

/** The window a run is compared under: its model's (or the settings' model's). */
const runWindow = (h: History, settings: Pick<FleetRunSettings, 'model' | 'prices'>) =>
  contextWindowFor(settings.model ?? h.model, settings.prices);

/** The sandbox's outputs (or errors) by choice index, for the custom functions among the choices. */
export type CustomOutputs = Readonly<Record<number, CustomOutput | string>>;

/**
 * Each custom function among `choices` run on `h` by `run` (the app's sandbox), under the window
 * the run is compared with: what `compareRunOfFleet` replays for those choices. One after another,
 * so a fleet never has more than one sandbox at a time.
 */
export async function customOutputsOf(
  h: History,
  settings: Pick<FleetRunSettings, 'choices' | 'model' | 'prices'>,
  run: CustomRunner,
): Promise<CustomOutputs> {
  const out: Record<number, CustomOutput | string> = {};
  const calls = modelCallIndices(h.steps);
  for (const [i, { choice }] of settings.choices.entries())
    if (choice.strategyId === CUSTOM_ID)
      out[i] = await run(String(choice.params.code ?? ''), h.steps, calls, runWindow(h, settings));
  return out;
}
