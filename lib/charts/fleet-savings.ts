/**
 * The fleet comparison's chart, prepared: how the runs' own saved % is distributed, per strategy,
 * over the same round-width bins (so the strategies' bars stand side by side in each bin), from the
 * per-run results the fleet comparison folds (lib/fleet/aggregate.ts). A strategy that could not
 * run on a run (its error) is left out of that run's count, as it saves nothing there by choice.
 */
import { roundWidth } from './fleet-distribution';

/**
 * What the chart needs of one run: each strategy's saved share and whether it could run (a
 * FleetRun of lib/fleet/aggregate.ts, which sits above lib/charts, so named by its shape).
 */
export interface RunSavings {
  readonly strategies: readonly { readonly savedShare: number; readonly error?: string }[];
}

export interface SavingsBin {
  /** Inclusive lower edge, a share (0.1 = 10%). */
  readonly from: number;
  /** Exclusive upper edge (inclusive for the last bin). */
  readonly to: number;
  /** Runs whose saved share falls in the bin, per strategy in the fleet comparison's order. */
  readonly counts: readonly number[];
}

export interface SavingsDistribution {
  readonly bins: readonly SavingsBin[];
  /** Runs counted per strategy (runs where it ran). */
  readonly runs: readonly number[];
}

/** About `target` bins of a round width in percent (1, 2, 5, 10, 20…) covering every run's share. */
export function prepareFleetSavings(
  runs: readonly RunSavings[],
  strategies: number,
  target = 10,
): SavingsDistribution {
  const values: number[][] = Array.from({ length: strategies }, () => []);
  for (const run of runs)
    run.strategies.forEach((s, k) => {
      if (k < strategies && !s.error) (values[k] as number[]).push(s.savedShare);
    });
  const all = values.flat();
  if (all.length === 0) return { bins: [], runs: values.map((v) => v.length) };
  let min = Infinity;
  let max = -Infinity;
  for (const v of all) {
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  // Widths are round in percent: 1%, 2%, 5%, 10%… (never below 1%, so equal shares share a bin).
  const width = Math.max(1, roundWidth(((max - min) * 100) / target)) / 100;
  const start = Math.floor(min / width + 1e-9) * width;
  const n = Math.max(1, Math.floor((max - start) / width + 1e-9) + 1);
  const counts = Array.from({ length: n }, () => new Array<number>(strategies).fill(0));
  values.forEach((list, k) => {
    for (const v of list) {
      const bin = Math.min(n - 1, Math.max(0, Math.floor((v - start) / width + 1e-9)));
      (counts[bin] as number[])[k]! += 1;
    }
  });
  return {
    bins: counts.map((c, i) => ({
      from: start + i * width,
      to: start + (i + 1) * width,
      counts: c,
    })),
    runs: values.map((v) => v.length),
  };
}
