/**
 * The real tau-bench fleet (115 runs of test/fixtures/real) as the overview's charts take it: one
 * point per run, counted chars/4, labelled by title or id as components/fleet/fleet-overview.tsx
 * labels them. Shared by the chart data's tests and the charts' own.
 */
import type { FleetPoint } from '../lib/charts/fleet-distribution';
import { fleetRows } from '../lib/fleet/overview';
import { parseSource } from '../lib/import';
import { importSources } from '../lib/import/files';
import { createStepTokens } from '../lib/tokens/step-tokens';
import { fixtureText } from './samples';

export function tauFleetPoints(): FleetPoint[] {
  const file = importSources([
    parseSource(fixtureText('real/openai-chat/tau-bench__tool-calling-grok-3.json'), 'tau.json'),
  ]);
  const tokens = createStepTokens('heuristic', 'recorded');
  return fleetRows(file.histories, (s) => tokens.step(s)).map((r) => ({
    ...r,
    label: r.title ?? r.id,
  }));
}
