/**
 * The computation of one run of a fleet, shared by the main thread and the worker threads (which
 * load this and the core it needs, never the importers: cli/fleet-load.ts reads the fleet).
 */
import { compareRunOfFleet, type NamedChoice, type RunPlace } from '../lib/fleet/run';
import type { FleetRun } from '../lib/fleet/aggregate';
import type { History } from '../lib/model/types';
import type { Dialect } from '../lib/messages';
import type { PriceOverrides } from '../lib/pricing/overrides';
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
  return (item) =>
    compareRunOfFleet(item.history, item.place, { ...settings, tokens }, item.resolved);
}
