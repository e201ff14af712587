/**
 * The history worker's fleet comparison (issue 26 item 2): the chosen strategies over every run of
 * the loaded file, each run through the CLI's own per-run computation (lib/fleet/run.ts
 * `compareFleetRun`, the compare view's `compareStrategies` reduced to what a fleet sums) with the
 * file's shared exact counts, then the CLI's fold (lib/fleet/aggregate.ts). Runs go one after
 * another, the worker yielding between them so a `cancel` can arrive, and each batch of finished
 * runs goes to the page as it is done (a partial answer), so the page shows the fleet filling in.
 *
 * `compareFleetInWorker` is the loop alone, for any list of runs (the paired fleets reuse it).
 */
import { aggregateFleet, type FleetRun } from '../fleet/aggregate';
import { CUSTOM_ID, type CustomRunner } from '../compare/custom-run';
import { compareRunOfFleet, customOutputsOf, taskIdOf, type NamedChoice } from '../fleet/run';
import type { History, HistoryFile } from '../model/types';
import type { PriceOverrides } from '../pricing/overrides';
import type { StepTokens } from '../tokens/step-tokens';
import type { TokensFor } from './compare-requests';
import type { FleetCompareRequest, FleetComparedResponse, WorkerResponse } from './protocol';

export type { FleetComparison } from './protocol';

/** What every run of a fleet is compared with. */
export interface FleetCompareSettings {
  readonly choices: readonly NamedChoice[];
  /** The counts every run is counted with (the loaded file's, shared with every other request). */
  readonly tokens: StepTokens;
  /** Every run priced and windowed as this model instead of its own (the CLI's `--model`). */
  readonly model?: string;
  readonly prices?: PriceOverrides;
  /** A results file's verdicts by task (lib/fleet/results.ts); else each file's own outcome. */
  readonly resolved?: ReadonlyMap<string, boolean>;
  /**
   * The sandbox that runs custom functions (the app's; lib/compare/custom-run.ts): each run's
   * custom choices go through it before the run is compared. Without it their rows are errors.
   */
  readonly runCustom?: CustomRunner;
}

/** Runs finished since the last report, and how many of how many are done. */
export type FleetProgress = (done: number, total: number, fresh: readonly FleetRun[]) => void;

/** Why a fleet comparison stopped early: the page cancelled it. */
export class FleetCancelled extends Error {
  override name = 'FleetCancelled';
  constructor() {
    super('The fleet comparison was cancelled');
  }
}

/** How long the loop works before it yields to the worker's message queue (a `cancel`). */
const SLICE_MS = 50;
/**
 * How often finished runs go to the page: each part re-renders the page's totals and table, so
 * twice a second, not at every slice (20 re-renders a second kept the page's main thread busy).
 */
const REPORT_MS = 500;

const yieldToQueue = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The file a run came from: its title's path (lib/import/files.ts: `path · title`), else its id's. */
const fileOf = (h: History) =>
  ((h.title ?? h.id).split(' · ')[0] as string).split('#')[0] as string;

/**
 * Every run compared as the CLI compares it (cli/fleet-runs.ts `runComputer`: the run's model, or
 * `settings.model`, prices and windows it), in order, index = the run's place in `runs` (what
 * opening it selects). Reports after each slice of work; stops between runs when `signal` aborts
 * (throws `FleetCancelled`).
 */
export async function compareFleetInWorker(
  runs: readonly History[],
  settings: FleetCompareSettings,
  onProgress: FleetProgress,
  signal?: AbortSignal,
  /** How long to work before yielding, and reporting (tests do both after every run with 0). */
  sliceMs: number = SLICE_MS,
  reportMs: number = REPORT_MS,
): Promise<FleetRun[]> {
  const out: FleetRun[] = [];
  let reported = 0;
  let sliceStart = Date.now();
  let reportedAt = Date.now();
  const report = () => {
    onProgress(out.length, runs.length, out.slice(reported));
    reported = out.length;
  };
  const sandbox = settings.choices.some((c) => c.choice.strategyId === CUSTOM_ID)
    ? settings.runCustom
    : undefined;
  for (let index = 0; index < runs.length; index++) {
    if (signal?.aborted) throw new FleetCancelled();
    const h = runs[index] as History;
    const place = { index, file: fileOf(h), run: index };
    // The sandbox answers asynchronously: a cancel may arrive while it runs.
    const outputs = sandbox ? await customOutputsOf(h, settings, sandbox) : undefined;
    if (signal?.aborted) throw new FleetCancelled();
    out.push(compareRunOfFleet(h, place, settings, settings.resolved?.get(taskIdOf(h)), outputs));
    if (Date.now() - sliceStart >= sliceMs) {
      if (Date.now() - reportedAt >= reportMs) {
        report();
        reportedAt = Date.now();
      }
      await yieldToQueue();
      sliceStart = Date.now();
    }
  }
  if (signal?.aborted) throw new FleetCancelled();
  if (reported < out.length || runs.length === 0) report();
  return out;
}

export async function fleetCompareAnswer(
  file: HistoryFile | undefined,
  request: FleetCompareRequest,
  post: (message: WorkerResponse) => void,
  tokensFor: TokensFor,
  resolved: ReadonlyMap<string, boolean> | undefined,
  signal: AbortSignal,
  runCustom?: CustomRunner,
): Promise<FleetComparedResponse> {
  if (!file) throw new Error('No history is loaded');
  const { requestId, choices } = request;
  if (choices.length === 0) throw new Error('Choose at least one strategy to compare');
  const runs = await compareFleetInWorker(
    file.histories,
    {
      choices,
      tokens: tokensFor({ tokenizer: request.tokenizer, dialect: request.dialect }),
      ...(request.model ? { model: request.model } : {}),
      ...(request.prices ? { prices: request.prices } : {}),
      ...(resolved ? { resolved } : {}),
      ...(runCustom ? { runCustom } : {}),
    },
    (done, total, fresh) =>
      post({ type: 'fleet-compare-part', requestId, done, total, runs: fresh }),
    signal,
  );
  return {
    type: 'fleet-compared',
    requestId,
    comparison: {
      runs,
      aggregate: aggregateFleet(
        choices.map((c) => c.id),
        runs,
      ),
      resultsFile: resolved !== undefined,
    },
  };
}
