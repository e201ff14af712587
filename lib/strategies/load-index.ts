/**
 * A history's load (issue 26): each step counted and, beside the counts, what the strategies'
 * first applies build, once for the loaded step list and token counter: the unit indexes the
 * index-driven strategies decide on (the Strands window's Strands messages, token-budget's OpenAI
 * messages and their counts, the seed 002 windows' flat trajectory), and the default parameters'
 * variants, fates and summaries of the rewriting and summarizing strategies. A strategy's first
 * apply on the loaded list is then its decision, not rebuilding every message of the run. The app's history worker, the CLI and the bench load
 * through `loadCounts`, so what the bench times is what a user waits for.
 */
import type { Step } from '../model/types';
import type { StepTokens } from '../tokens/step-tokens';
import { prepareClearing } from './clear-tool-uses';
import { prepareCompact } from './compact-conversation';
import { prepareCondense } from './condense-events';
import { prepareKeepLast } from './keep-last-n-steps';
import { prepareMasking } from './observation-masking';
import { preparePrune } from './prune-old-observations';
import { listContext, UnitIndex } from './replay-kit';
import { keptFates, stepPositions } from './result';
import { prepareSummaryMode } from './smolagents-summary-mode';
import { preparePlanSteps } from './summarize-plan-steps';
import { prepareSummarizingWindow } from './summarizing-window';
import { seedWindowOfItems } from './session-trajectory-window';
import { budgetIndex } from './token-budget';
import { trajectoryIndex } from './trajectory-sliding-window';

type Preparation = (steps: readonly Step[], tokens: StepTokens) => void;

const trajectory: Preparation = (steps, tokens) => {
  trajectoryIndex(steps, tokens).index.prepare();
};

/** What each strategy's first apply would build (with the default parameters), by strategy id. */
const PREPARATIONS: Readonly<Record<string, Preparation>> = {
  // The identity result's fates (one frozen array per list), which every strategy below its
  // trigger returns too.
  none: (steps) => {
    keptFates(steps);
  },
  'strands-sliding-window': (steps, tokens) => {
    UnitIndex.cached(steps, tokens, 'strands', 'no-system').prepare();
  },
  'token-budget': (steps, tokens) => {
    budgetIndex(steps, tokens).index.prepare();
  },
  'trajectory-sliding-window': trajectory,
  // What a first apply that drops steps looks up: `buildResult`'s positions by id (whether ids
  // repeat), and where the critical steps and the others are.
  'keep-last-n-steps': (steps) => {
    stepPositions(steps);
    prepareKeepLast(steps);
  },
  // The compacting strategies also test the list's context tokens against their thresholds, and
  // condense-events reads each step's events and tokens summed.
  'compact-conversation': (steps, tokens) => {
    stepPositions(steps);
    listContext(steps, tokens);
    prepareCompact(steps, tokens);
  },
  'condense-events': (steps, tokens) => {
    stepPositions(steps);
    listContext(steps, tokens);
    prepareCondense(steps, tokens);
  },
  'session-trajectory-window': (steps, tokens) => {
    trajectory(steps, tokens);
    seedWindowOfItems(trajectoryIndex(steps, tokens).items);
  },
  'smolagents-summary-mode': (steps) => prepareSummaryMode(steps),
  'summarize-plan-steps': preparePlanSteps,
  'summarizing-window': prepareSummarizingWindow,
  // Each step's variant under the default parameters, and its fate, where the default apply
  // would build them (past clear_tool_uses' trigger, with observations old enough to cut or mask).
  'clear-tool-uses': prepareClearing,
  'observation-masking': prepareMasking,
  'prune-old-observations': preparePrune,
};

export interface LoadOptions {
  /**
   * The strategies the loaded list is for: the CLI knows its one; the app's worker (any may be
   * picked next) prepares every index-driven strategy's (the default).
   */
  readonly strategies?: readonly string[];
  /** Called after each step is counted (the worker's progress). */
  readonly onStep?: (done: number) => void;
}

/** Each step's tokens (what a load shows), with the strategies' indexes of the list built. */
export function loadCounts(
  steps: readonly Step[],
  tokens: StepTokens,
  options: LoadOptions = {},
): number[] {
  const onStep = options.onStep;
  const counts = steps.map((s, i) => {
    onStep?.(i + 1);
    return tokens.step(s);
  });
  prepareIndexes(steps, tokens, options.strategies);
  return counts;
}

/** The unit indexes of a loaded step list, kept while the list lives (`UnitIndex.cached`). */
export function prepareIndexes(
  steps: readonly Step[],
  tokens: StepTokens,
  strategies: readonly string[] = Object.keys(PREPARATIONS),
): void {
  for (const id of new Set(strategies)) PREPARATIONS[id]?.(steps, tokens);
}

/** The strategies whose first apply a load prepares (`prepareIndexes`' default), in that order. */
export const PREPARED_STRATEGIES: readonly string[] = Object.keys(PREPARATIONS);
