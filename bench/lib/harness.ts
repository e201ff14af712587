/**
 * The benchmark harness (issue 13): a baseline and the project's code run alternately in the same
 * process, each figure the median of its rounds with min and max, a target per row, and a table.
 * No test asserts a time; `npm run bench -- --check` fails when a row misses its target.
 */

export interface Measure {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly runs: readonly number[];
}

export type Unit = 'ratio' | 'speedup' | 'ms' | 'fps' | '× file' | 'check';

/** What runs the CLI's TypeScript in a child process, as `npm run stepscope` does (scripts/ts-loader.mjs). */
export const TS_REGISTER = new URL('../../scripts/ts-register.mjs', import.meta.url).pathname;

export interface Row {
  readonly id: string;
  readonly what: string;
  readonly baseline?: { readonly label: string; readonly ms: Measure };
  readonly project?: Measure;
  /** The figure the target applies to (a ratio, a speedup, milliseconds, frames per second…). */
  readonly value: number;
  readonly unit: Unit;
  readonly target: { readonly op: '<=' | '>='; readonly value: number };
  readonly note?: string;
}

export const met = (r: Row) =>
  r.target.op === '<=' ? r.value <= r.target.value : r.value >= r.target.value;

export function measure(runs: readonly number[]): Measure {
  const sorted = [...runs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median =
    sorted.length % 2 === 1
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return { median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number, runs };
}

/** Milliseconds of one call (the mean of `repeat` calls, for work shorter than the timer's grain). */
export async function timed(fn: () => unknown, repeat = 1): Promise<number> {
  // Collect the previous run's garbage first (node --expose-gc), so neither side pays for the other.
  (globalThis as { gc?: () => void }).gc?.();
  const t = performance.now();
  for (let i = 0; i < repeat; i++) await fn();
  return (performance.now() - t) / repeat;
}

/**
 * Baseline and project alternately, `rounds` times each, after a warm-up round of each (as many
 * calls as a measured round makes: with one call, a `--rounds 1` run timed the project's first 50
 * calls, before the JIT had compiled them, at 2-4× its steady time).
 */
export async function alternate(
  rounds: number,
  baseline: () => unknown,
  project: () => unknown,
  repeat: { baseline?: number; project?: number } = {},
): Promise<{ baseline: Measure; project: Measure }> {
  await timed(baseline, repeat.baseline);
  await timed(project, repeat.project);
  const b: number[] = [];
  const p: number[] = [];
  for (let i = 0; i < rounds; i++) {
    b.push(await timed(baseline, repeat.baseline));
    p.push(await timed(project, repeat.project));
  }
  return { baseline: measure(b), project: measure(p) };
}

/**
 * The first run of a piece of work on freshly loaded input, `rounds` times (after a warm-up on its
 * own input, for the JIT): `load` builds new input each round, untimed, as opening a file does,
 * so caches the work keeps per input (per step list, per step object) start cold and a round
 * never times a cache hit of the round before (issue 26: repeated applies to one list measured
 * the per-list memos, not an apply). One round when the warm-up took over 1 s.
 */
export async function firstRuns<T>(
  rounds: number,
  load: () => T,
  fn: (input: T) => unknown,
): Promise<Measure> {
  const warm = load();
  if ((await timed(() => fn(warm))) > 1000) rounds = 1;
  const runs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const input = load();
    runs.push(await timed(() => fn(input)));
  }
  return measure(runs);
}

/** Repeated runs of one piece of work after a warm-up (one run when the warm-up took over 1 s). */
export async function repeated(rounds: number, fn: () => unknown, repeat = 1): Promise<Measure> {
  if ((await timed(fn)) > 1000) rounds = 1;
  const runs: number[] = [];
  for (let i = 0; i < rounds; i++) runs.push(await timed(fn, repeat));
  return measure(runs);
}

const fmtMs = (x: number) =>
  x >= 100 ? `${Math.round(x).toLocaleString('en-US')}` : x >= 1 ? x.toFixed(1) : x.toFixed(3);
const span = (m: Measure) => `${fmtMs(m.median)} ms (${fmtMs(m.min)}–${fmtMs(m.max)})`;

function figure(r: Row): string {
  switch (r.unit) {
    case 'ratio':
      return `${r.value.toFixed(2)}×`;
    case 'speedup':
      return `${r.value >= 100 ? Math.round(r.value).toLocaleString('en-US') : r.value.toFixed(1)}× faster`;
    case 'ms':
      return `${fmtMs(r.value)} ms`;
    case 'fps':
      return `${r.value.toFixed(0)} fps`;
    case '× file':
      return `${r.value.toFixed(2)}× the file`;
    case 'check':
      return r.value === 1 ? 'yes' : 'no';
  }
}

function targetText(r: Row): string {
  const v = r.target.value;
  switch (r.unit) {
    case 'ratio':
      return `${r.target.op === '<=' ? '≤' : '≥'} ${v}×`;
    case 'speedup':
      return `≥ ${v.toLocaleString('en-US')}× faster`;
    case 'ms':
      return `≤ ${v.toLocaleString('en-US')} ms`;
    case 'fps':
      return `≥ ${v} fps`;
    case '× file':
      return `≤ ${v}× the file`;
    case 'check':
      return 'yes';
  }
}

/** The rows as a Markdown table (what BENCHMARKS.md records). */
export function table(rows: readonly Row[]): string {
  const lines = [
    '| what | baseline (median, min–max) | Stepscope (median, min–max) | result | target | met |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const base = r.baseline ? `${r.baseline.label}: ${span(r.baseline.ms)}` : '';
    lines.push(
      `| ${r.what} | ${base} | ${r.project ? span(r.project) : ''} | ${figure(r)} | ${targetText(r)} | ${met(r) ? 'yes' : '**no**'} |`,
    );
  }
  return lines.join('\n');
}
