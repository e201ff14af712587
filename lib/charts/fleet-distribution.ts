/**
 * The fleet overview's charts, prepared: how run cost (or input tokens, when no run has a cost) and
 * run length (steps) are distributed over the runs, as histograms of equal, round-width bins, and
 * cost against steps per run, one series per outcome so the chart colours them apart. Pure, and
 * structural about its input (one object per run), so it does not depend on the overview's rows.
 */

/** What a chart needs of one run. */
export interface FleetPoint {
  readonly index: number;
  readonly label: string;
  readonly steps: number;
  readonly inputTokens: number;
  readonly costUsd?: number;
  readonly outcomeKind?: string;
}

export interface Bin {
  /** Inclusive lower edge. */
  readonly from: number;
  /** Exclusive upper edge (inclusive for the last bin). */
  readonly to: number;
  readonly count: number;
}

/** 1, 2 or 5 times a power of ten: the round width nearest above `raw`. */
export function roundWidth(raw: number): number {
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].find((m) => m * power >= raw) ?? 10;
  return step * power;
}

/**
 * Equal bins of a round width covering every value, about `target` of them (fewer when the values
 * are few or integers that need no finer bins). Empty for no values.
 */
export function histogram(
  values: readonly number[],
  { target = 12, integers = false }: { target?: number; integers?: boolean } = {},
): Bin[] {
  if (values.length === 0) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  let width = roundWidth((max - min) / target);
  if (integers) width = Math.max(1, Math.ceil(width));
  const start = Math.floor(min / width) * width;
  const n = Math.max(1, Math.floor((max - start) / width) + 1);
  const counts = new Array<number>(n).fill(0);
  for (const v of values) counts[Math.min(n - 1, Math.floor((v - start) / width))]! += 1;
  return counts.map((count, i) => ({
    from: start + i * width,
    to: start + (i + 1) * width,
    count,
  }));
}

/** What the cost chart measures: dollars when some run has a cost, else input tokens. */
export type CostMeasure = 'cost' | 'input';

export function costMeasureOf(points: readonly FleetPoint[]): CostMeasure {
  return points.some((p) => p.costUsd !== undefined) ? 'cost' : 'input';
}

/** The value a run has on the cost axis (undefined: a run without a cost, in a fleet with costs). */
export function costValue(p: FleetPoint, measure: CostMeasure): number | undefined {
  return measure === 'cost' ? p.costUsd : p.inputTokens;
}

export interface FleetDistributions {
  readonly measure: CostMeasure;
  readonly cost: readonly Bin[];
  /** Runs left out of the cost histogram: no cost recorded or priced. */
  readonly uncosted: number;
  readonly steps: readonly Bin[];
}

export function prepareFleetDistributions(points: readonly FleetPoint[]): FleetDistributions {
  const measure = costMeasureOf(points);
  const costs = points
    .map((p) => costValue(p, measure))
    .filter((v): v is number => v !== undefined);
  return {
    measure,
    cost: histogram(costs),
    uncosted: points.length - costs.length,
    steps: histogram(
      points.map((p) => p.steps),
      { integers: true },
    ),
  };
}

export interface ScatterSeries {
  /** The outcome kind, or `none` for runs whose file records no outcome. */
  readonly kind: string;
  readonly points: readonly { index: number; label: string; steps: number; value: number }[];
}

/** Cost (or input tokens) against steps, one series per outcome kind in `order`, then `none`. */
export function prepareFleetScatter(
  points: readonly FleetPoint[],
  order: readonly string[],
): { measure: CostMeasure; series: ScatterSeries[] } {
  const measure = costMeasureOf(points);
  const byKind = new Map<string, ScatterSeries['points'][number][]>();
  for (const p of points) {
    const value = costValue(p, measure);
    if (value === undefined) continue;
    const kind = p.outcomeKind ?? 'none';
    let list = byKind.get(kind);
    if (!list) byKind.set(kind, (list = []));
    list.push({ index: p.index, label: p.label, steps: p.steps, value });
  }
  const kinds = [...order, 'none'].filter((k) => byKind.has(k));
  return { measure, series: kinds.map((kind) => ({ kind, points: byKind.get(kind) ?? [] })) };
}

/**
 * A linear axis from 0: round ticks (`roundWidth` apart, about `target` of them, whole numbers for
 * `integers`) and their top.
 */
export interface LinearAxis {
  readonly max: number;
  readonly ticks: readonly number[];
}

export function linearAxis(
  largest: number,
  { target = 4, integers = false }: { target?: number; integers?: boolean } = {},
): LinearAxis {
  const raw = roundWidth(largest / target);
  const step = integers ? Math.max(1, raw) : raw;
  const n = Math.max(1, Math.ceil(largest / step));
  // Multiplied, not summed, so a tick of 0.6 is 0.6 and not 0.6000000000000001.
  const ticks = Array.from({ length: n + 1 }, (_, i) => Number((i * step).toPrecision(12)));
  return { max: ticks[n]!, ticks };
}

/** One run on the scatter: its place in 0..1 of each axis (y up), with what its tooltip says. */
export interface ScatterDot {
  readonly kind: string;
  readonly index: number;
  readonly label: string;
  readonly steps: number;
  readonly value: number;
  readonly x: number;
  readonly y: number;
}

/**
 * The scatter's axes and every run's place on them, the runs in reading order (by steps, then by
 * value), which is the order the keyboard walks them in.
 */
export function layoutFleetScatter(series: readonly ScatterSeries[]): {
  x: LinearAxis;
  y: LinearAxis;
  dots: ScatterDot[];
} {
  let steps = 0;
  let value = 0;
  for (const s of series)
    for (const p of s.points) {
      steps = Math.max(steps, p.steps);
      value = Math.max(value, p.value);
    }
  const x = linearAxis(steps);
  const y = linearAxis(value);
  const dots = series.flatMap((s) =>
    s.points.map((p) => ({ ...p, kind: s.kind, x: p.steps / x.max, y: p.value / y.max })),
  );
  dots.sort((a, b) => a.steps - b.steps || a.value - b.value || a.index - b.index);
  return { x, y, dots };
}
