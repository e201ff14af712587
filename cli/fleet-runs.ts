/**
 * The computation of one run of a fleet, shared by the main thread and the worker threads (which
 * load this and the core it needs, never the importers: cli/fleet-load.ts reads the fleet).
 */
import { compareFleetRun, type NamedChoice, type RunPlace } from '../lib/fleet/run';
import type { FleetRun } from '../lib/fleet/aggregate';
import type { History } from '../lib/model/types';
import type { Dialect } from '../lib/messages';
import type { PriceOverrides } from '../lib/pricing/overrides';
import { priceSheetFor } from '../lib/simulate/cache';
import { createStrategyContext } from '../lib/strategies/context';
import { contextWindowFor } from '../lib/tokens/models';
import { createStepTokens, type StepTokens } from '../lib/tokens/step-tokens';
import type { TokenizerId } from '../lib/tokens/tokenizer';

export interface FleetItem {
  readonly history: History;
  readonly place: RunPlace;
  /** What a results file says of the run's task. */
  readonly resolved?: boolean;
}

/** What every run is compared with (sent to each worker once). */
export interface FleetSettings {
  readonly choices: readonly NamedChoice[];
  readonly tokenizer: TokenizerId;
  readonly dialect: Dialect;
  /** --model: every run priced and windowed as this model instead of its own. */
  readonly model?: string;
  readonly prices?: PriceOverrides;
}

/** The computation of one run under the settings, with one token counter per thread. */
export function runComputer(
  settings: FleetSettings,
  tokens: StepTokens = createStepTokens(settings.tokenizer, settings.dialect),
): (item: FleetItem) => FleetRun {
  return (item) => {
    const model = settings.model ?? item.history.model;
    const ctx = createStrategyContext({
      tokens,
      model,
      contextWindow: contextWindowFor(model, settings.prices),
    });
    const sheet = model ? priceSheetFor(model, settings.prices) : undefined;
    return compareFleetRun(item.history, item.place, settings.choices, ctx, sheet, item.resolved);
  };
}
