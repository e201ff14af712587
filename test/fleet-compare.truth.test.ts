/**
 * Issue 26's truth test for the app's fleet comparison: the real Gemini 3 Pro SWE-bench fleet
 * (test/fixtures/fleet, 30 trajectories and their results_summary.json) picked as a folder in the
 * app's runtime (the in-process worker of test/test-runtime.ts), compared over the fleet by the
 * worker's `fleet-compare` request, equals what the CLI computes: its own loading of the folder
 * (cli/fleet-load.ts), its per-run computation (cli/fleet-runs.ts) with the results file's
 * verdicts, and its fold (lib/fleet/aggregate.ts). Per strategy: input tokens, cost cached and
 * uncached, wins, runs over the window, identifiers lost, and the same split by outcome.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadFleet } from '../cli/fleet-load';
import { runComputer } from '../cli/fleet-runs';
import { aggregateFleet, OUTCOME_CLASSES, type StrategyTotals } from '../lib/fleet/aggregate';
import { resolveStrategies } from '../lib/fleet/choices';
import { resolvedByTask } from '../lib/fleet/results';
import { taskIdOf } from '../lib/fleet/run';
import type { PickedFile } from '../lib/worker/protocol';
import { testRuntime } from './test-runtime';

const ROOT = fileURLToPath(new URL('./fixtures/fleet/', import.meta.url));
const FLEET = join(ROOT, '20251118_mini-v1.15.0_gemini-3-pro-preview');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** The folder as the browser's folder input gives it: each file with its path under the folder. */
function picked(): PickedFile[] {
  return walk(FLEET).map((path) => ({
    path: relative(ROOT, path).split('\\').join('/'),
    file: new File([readFileSync(path)], path.split('/').at(-1) as string),
  }));
}

const SPEC = 'observation-masking-m10,tinyagent-last-5,anthropic-clear-tool-uses';

/** The figures a fleet sums, for one strategy on a set of runs. */
const sums = (t: StrategyTotals) => ({
  runs: t.runs,
  inputTokens: t.inputTokens,
  baselineInputTokens: t.baselineInputTokens,
  wins: t.wins,
  runsOverWindow: t.runsOverWindow,
  lostIdentifiers: t.lostIdentifiers,
  pricedRuns: t.pricedRuns,
  errors: t.errors,
});

describe("the app's fleet comparison against the CLI", () => {
  it('sums to the per-run results of the CLI, per strategy and per outcome', async () => {
    const choices = resolveStrategies(SPEC);
    // The CLI: its reading of the folder, its per-run computation, the results file's verdicts.
    const cli = await loadFleet([join(FLEET, 'trajs')]);
    const verdicts = resolvedByTask(
      JSON.parse(readFileSync(join(FLEET, 'results_summary.json'), 'utf8')),
    );
    const compute = runComputer({ choices, tokenizer: 'o200k_base', dialect: 'recorded' });
    const cliRuns = cli.runs.map((r) => {
      const verdict = verdicts.get(taskIdOf(r.history));
      return compute({ ...r, ...(verdict === undefined ? {} : { resolved: verdict }) });
    });
    const expected = aggregateFleet(
      choices.map((c) => c.id),
      cliRuns,
    );

    // The app: the folder picked, counted exactly, then compared over the fleet in the worker.
    const runtime = testRuntime();
    runtime.loader.loadFiles(picked());
    await expect.poll(() => runtime.store.getState().counts?.exact, { timeout: 60_000 }).toBe(true);
    const { loaded, tokenizer, dialect } = runtime.store.getState();
    expect(loaded?.runs.length).toBe(30);
    let parts = 0;
    const answer = await runtime.client.ask(
      { type: 'fleet-compare', tokenizer, dialect, choices },
      { onPart: () => parts++ },
    );
    const got = answer.comparison.aggregate;
    expect(answer.comparison.resultsFile).toBe(true);
    expect(answer.comparison.runs).toHaveLength(30);
    expect(parts).toBeGreaterThan(0);

    expect(got.runs).toBe(expected.runs);
    expect(got.byOutcome).toEqual(expected.byOutcome);
    // The results file splits the fleet: both classes hold runs.
    expect(got.byOutcome.resolved).toBeGreaterThan(0);
    expect(got.byOutcome.unresolved).toBeGreaterThan(0);
    expect(got.baseline.inputTokens).toBe(expected.baseline.inputTokens);
    expect(got.baseline.costUsd).toBeCloseTo(expected.baseline.costUsd, 9);
    expect(got.runsNothingSaves).toBe(expected.runsNothingSaves);
    expect(got.strategies.map((s) => s.id)).toEqual(choices.map((c) => c.id));
    got.strategies.forEach((s, k) => {
      const e = expected.strategies[k]!;
      expect(sums(s)).toEqual(sums(e));
      expect(s.costUsd).toBeCloseTo(e.costUsd, 9);
      expect(s.uncachedCostUsd).toBeCloseTo(e.uncachedCostUsd, 9);
      expect(s.savedShareMedian).toBeCloseTo(e.savedShareMedian ?? NaN, 12);
      for (const c of OUTCOME_CLASSES) {
        expect(sums(s.byOutcome[c])).toEqual(sums(e.byOutcome[c]));
        expect(s.byOutcome[c].costUsd).toBeCloseTo(e.byOutcome[c].costUsd, 9);
      }
    });
    // The fleet is priced: the costs compared are not zeros.
    expect(expected.strategies[0]!.pricedRuns).toBe(30);
    expect(expected.baseline.costUsd).toBeGreaterThan(0);
    // Each run's own numbers too, matched on the task.
    const byTask = new Map(cliRuns.map((r) => [r.task, r]));
    for (const r of answer.comparison.runs) {
      const c = byTask.get(r.task);
      expect(c, r.task).toBeDefined();
      expect(r.strategies.map((s) => s.inputTokens)).toEqual(
        c!.strategies.map((s) => s.inputTokens),
      );
      expect(r.outcome).toEqual(c!.outcome);
    }
  }, 180_000);
});
