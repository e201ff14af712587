/**
 * Every built-in strategy on long histories of real tau-bench content (bench/history.ts): one apply
 * on 20k and 100k steps (≤ 50 ms, and 100k ≤ 6× the 20k time, fastest rounds: linear), the replay of a 20k-call
 * run (every call's context, stateless before every call: ≤ 1 s), and a full compare of a 10k-call
 * run per framework preset (result, replay, warnings, identifiers; ≤ 1 s). Each history's counts and index are built first, as a load builds them; for the compares, the lost-identifier index too
 * (the worker's load builds it last), timed in a row of its own.
 */
import { compareStrategies } from '../../lib/compare/compare';
import { IdentifierIndex } from '../../lib/compare/identifier-fold';
import { PRESETS } from '../../lib/compare/presets';
import { isModelCall } from '../../lib/model/steps';
import type { Step } from '../../lib/model/types';
import { compactionMarkers } from '../../lib/simulate/compactions';
import { DEFAULT_RUN } from '../../lib/simulate/run-config';
import { simulate } from '../../lib/simulate/simulate';
import { parseParams, STRATEGIES } from '../../lib/strategies';
import { createStrategyContext } from '../../lib/strategies/context';
import { loadCounts } from '../../lib/strategies/load-index';
import type { Strategy } from '../../lib/strategies/types';
import { firstRuns, repeated, type Row } from '../lib/harness';
import { longHistory } from '../history';

/** A history of real content with exactly `n` steps. */
function stepsOf(n: number): Step[] {
  const out = longHistory(Math.ceil(n / 1.4));
  return out.slice(0, n);
}

const loaded = (steps: readonly Step[]) => {
  const ctx = createStrategyContext({ model: 'gpt-4o' });
  loadCounts(steps, ctx.tokens);
  return ctx;
};

/**
 * A fresh copy of `steps` (new step objects and list), loaded in `ctx` as the app's worker loads a
 * file (`loadCounts`: each step counted, the index-driven strategies' indexes built):
 * what each timed round works on, so no strategy's per-list or per-step cache carries over from
 * the round before. The context's counter keeps its cache of strings, as it does across the runs
 * of one file.
 */
const reloaded =
  (steps: readonly Step[], ctx: ReturnType<typeof loaded>, forCompare = false) =>
  () => {
    const fresh = structuredClone(steps) as Step[];
    loadCounts(fresh, ctx.tokens);
    // What the worker builds once the compare view opens (load-files.ts `prepareAll`), which
    // only a compare reads.
    if (forCompare) IdentifierIndex.prepare(fresh);
    return fresh;
  };

const say = (r: Pick<Row, 'id' | 'value'>) =>
  process.stderr.write(`  ${r.id}: ${r.value.toFixed(1)}\n`);

/**
 * Each part in its own function, so its histories and their caches can be collected before the
 * next (all three at once held 2 GB and the collector thrashed).
 */
export async function strategiesSuite(rounds: number): Promise<Row[]> {
  return [...(await applies(rounds)), ...(await replays(rounds)), ...(await compares(rounds))];
}

/**
 * The 20k apply's time below which the linearity ratio is taken against this floor: under half a
 * millisecond the ratio measures one allocation, not the algorithm (`none` returns a fates array:
 * 0.27 ms at 20k, 2.5 ms at 100k, where the 400 KB array is V8's large-object space and its fresh
 * pages fault in; 0.48 ms in a bare script).
 */
const LINEAR_FLOOR_MS = 0.5;

async function applies(rounds: number): Promise<Row[]> {
  const rows: Row[] = [];
  const small = stepsOf(20_000);
  const large = stepsOf(100_000);
  const smallCtx = loaded(small);
  const largeCtx = loaded(large);
  for (const s of STRATEGIES as readonly Strategy<unknown>[]) {
    const params = parseParams(s, {});
    const a = await firstRuns(rounds, reloaded(small, smallCtx), (steps) =>
      s.apply({ steps }, params, smallCtx),
    );
    const b = await firstRuns(rounds, reloaded(large, largeCtx), (steps) =>
      s.apply({ steps }, params, largeCtx),
    );
    say({ id: `apply-100k:${s.id}`, value: b.median });
    rows.push({
      id: `apply-100k:${s.id}`,
      what: `${s.id}: one apply on 100k steps (the first on the loaded list)`,
      project: b,
      value: b.median,
      unit: 'ms',
      target: { op: '<=', value: 50 },
    });
    // The fastest round of each size: a collection or a fresh large-object page only adds to a
    // run, and medians of three few-millisecond applies moved the ratio 2-3x between runs.
    const fast = { a: a.min, b: b.min };
    rows.push({
      id: `linear:${s.id}`,
      what: `${s.id}: 100k-step apply / 20k-step apply, fastest rounds (${fast.b.toFixed(1)} / ${fast.a.toFixed(1)} ms${fast.a < LINEAR_FLOOR_MS ? `, counted as ${LINEAR_FLOOR_MS} ms; ${(fast.b / Math.max(fast.a, 0.01)).toFixed(2)}× unfloored` : ''}; medians ${b.median.toFixed(1)} / ${a.median.toFixed(1)} ms)`,
      value: fast.b / Math.max(fast.a, LINEAR_FLOOR_MS),
      unit: 'ratio',
      target: { op: '<=', value: 6 },
    });
  }

  // The compactions panel and chart markers, computed on the page for the run on screen.
  const tokens = large.map((x) => largeCtx.tokens.step(x));
  const markers = await repeated(rounds, () => compactionMarkers(large, tokens));
  say({ id: 'markers-100k', value: markers.median });
  rows.push({
    id: 'markers-100k',
    what: 'compaction markers (recorded and probable) of a 100k-step run',
    project: markers,
    value: markers.median,
    unit: 'ms',
    target: { op: '<=', value: 100 },
  });
  return rows;
}

async function replays(rounds: number): Promise<Row[]> {
  const rows: Row[] = [];
  const run = longHistory(20_000);
  const runCtx = loaded(run);
  const calls = run.filter(isModelCall).length;
  // Every strategy has a fast replay (compact-conversation and condense-events since issue 26).
  for (const s of STRATEGIES as readonly Strategy<unknown>[]) {
    const params = parseParams(s, {});
    const m = await firstRuns(rounds, reloaded(run, runCtx), (steps) =>
      simulate({ steps }, s, params, runCtx, DEFAULT_RUN, { contextsOnly: true }),
    );
    say({ id: `replay-20k:${s.id}`, value: m.median });
    rows.push({
      id: `replay-20k:${s.id}`,
      what: `${s.id}: replay of a ${calls.toLocaleString('en-US')}-call run (${run.length.toLocaleString('en-US')} steps)`,
      project: m,
      value: m.median,
      unit: 'ms',
      target: { op: '<=', value: 1000 },
    });
  }

  return rows;
}

async function compares(rounds: number): Promise<Row[]> {
  const rows: Row[] = [];
  const tenK = longHistory(10_000);
  const tenKCtx = loaded(tenK);
  // What the compares below start from: the load builds it once per run, whatever is compared.
  const index = await firstRuns(Math.min(rounds, 3), reloaded(tenK, tenKCtx), (steps) =>
    IdentifierIndex.prepare(steps),
  );
  say({ id: 'identifier-index-10k', value: index.median });
  rows.push({
    id: 'identifier-index-10k',
    what: 'the lost-identifier index of a 10,000-call run, built at load (every step scanned once)',
    project: index,
    value: index.median,
    unit: 'ms',
    target: { op: '<=', value: 1000 },
  });
  for (const p of PRESETS) {
    const m = await firstRuns(Math.min(rounds, 3), reloaded(tenK, tenKCtx, true), (steps) =>
      compareStrategies({ steps }, [p.choice], tenKCtx),
    );
    say({ id: `compare-10k:${p.id}`, value: m.median });
    rows.push({
      id: `compare-10k:${p.id}`,
      what: `compare, ${p.label}, 10,000-call run (the first on the loaded run)`,
      project: m,
      value: m.median,
      unit: 'ms',
      target: { op: '<=', value: 1000 },
    });
  }
  return rows;
}
