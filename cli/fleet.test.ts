/**
 * `compare` and `merge` on a real fleet (30 runs of the Gemini 3 Pro SWE-bench Verified submission,
 * test/fixtures/fleet): every line against cli/output.schema.json; worker threads and one thread
 * print the same bytes; three shards run by GNU parallel and merged print the unsharded bytes; the
 * fleet's totals are the per-run `replay`s summed; `--pair` agrees with the results files.
 */
import Ajv2020 from 'ajv/dist/2020';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectedGaiaPair, GAIA_A, GAIA_B } from '../test/gaia-pair';

const root = new URL('..', import.meta.url).pathname;
const SUBMISSION = join(root, 'test/fixtures/fleet/20251118_mini-v1.15.0_gemini-3-pro-preview');
const TRAJS = join(SUBMISSION, 'trajs');
const RESULTS = join(SUBMISSION, 'results_summary.json');
const STRATEGIES = 'observation-masking,tinyagent-last-5';
const schema = JSON.parse(readFileSync(join(root, 'cli/output.schema.json'), 'utf8'));
const validate = new Ajv2020({ strict: false }).compile(schema);
const CLI = ['--import', join(root, 'scripts/ts-register.mjs'), join(root, 'cli/stepscope.ts')];

function cli(args: string[], input?: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [...CLI, ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, ...env },
    ...(input !== undefined ? { input } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function lines(stdout: string) {
  return stdout
    .trim()
    .split('\n')
    .map((l) => {
      const value = JSON.parse(l);
      expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
      return value;
    });
}

const resolvedIn = (file: string): Map<string, boolean> =>
  new Map(
    (
      JSON.parse(readFileSync(file, 'utf8')) as {
        instances: { instance_id: string; resolved: boolean }[];
      }
    ).instances.map((i) => [i.instance_id, i.resolved]),
  );

const compareArgs = ['compare', TRAJS, '--strategies', STRATEGIES, '--results', RESULTS];
// Computed once, every run on one of two worker threads: the other tests compare their output with it.
const whole = cli([...compareArgs, '--jobs', '3'], undefined, { STEPSCOPE_WORKERS_ONLY: '1' });

describe('stepscope compare over a real fleet', { timeout: 240_000 }, () => {
  it("reads the submission's results file found among its runs as --results reads it", () => {
    const found = cli(['compare', SUBMISSION, '--strategies', STRATEGIES, '--jobs', '2']);
    expect(found.code).toBe(0);
    expect(found.stderr).toContain(
      "results_summary.json read as the benchmark's results: 371 of 500 tasks resolved",
    );
    const out = lines(found.stdout);
    const given = lines(whole.stdout);
    // The same runs and verdicts; only the paths differ (read from the submission's folder).
    expect(out.slice(0, -1).map((r) => [r.task, r.outcome])).toEqual(
      given.slice(0, -1).map((r) => [r.task, r.outcome]),
    );
    expect(out.at(-1)).toEqual(given.at(-1));
  });

  it('prints one line per run in the fleet order, then the aggregate, split by the results file', () => {
    expect(whole.stderr).toBe('');
    expect(whole.code).toBe(0);
    const out = lines(whole.stdout);
    const runs = out.slice(0, -1);
    const agg = out.at(-1);
    expect(runs).toHaveLength(30);
    expect(runs.map((r) => r.index)).toEqual([...Array(30).keys()]);
    expect(runs.map((r) => r.task)).toEqual(readdirSync(TRAJS).sort());
    const verdicts = resolvedIn(RESULTS);
    expect(runs.every((r) => r.outcome.resolved === verdicts.get(r.task))).toBe(true);
    expect(agg.line).toBe('aggregate');
    expect(agg.byOutcome).toEqual({ resolved: 19, unresolved: 11, unknown: 0 });
    expect(agg.strategies.map((s: { id: string }) => s.id)).toEqual(STRATEGIES.split(','));
    for (const s of agg.strategies) {
      expect(s.byOutcome.resolved.runs + s.byOutcome.unresolved.runs).toBe(30);
      expect(s.savedShareP10).toBeLessThanOrEqual(s.savedShareMedian);
      expect(s.savedShareMedian).toBeLessThanOrEqual(s.savedShareP90);
      expect(s.pricedRuns).toBe(30);
    }
  });

  it('prints the same bytes on one thread as on worker threads, and on the main thread with a worker', () => {
    expect(cli([...compareArgs, '--jobs', '1']).stdout).toBe(whole.stdout);
    expect(cli([...compareArgs, '--jobs', '2']).stdout).toBe(whole.stdout);
  });

  it('three shards run by GNU parallel, merged, print the unsharded bytes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stepscope-shards-'));
    execFileSync(
      'parallel',
      [
        '--will-cite',
        process.execPath,
        ...CLI,
        ...compareArgs,
        '--jobs',
        '1',
        '--shard',
        '{}/3',
        '>',
        join(dir, 'shard-{}.jsonl'),
        ':::',
        '0',
        '1',
        '2',
      ],
      { cwd: root, shell: false },
    );
    const shards = [0, 1, 2].map((k) => readFileSync(join(dir, `shard-${k}.jsonl`), 'utf8'));
    // A shard prints its runs only, every third from its own.
    expect(lines(shards[1] as string).map((r) => r.index)).toEqual([
      1, 4, 7, 10, 13, 16, 19, 22, 25, 28,
    ]);
    const merged = cli(['merge', ...[2, 0, 1].map((k) => join(dir, `shard-${k}.jsonl`))]);
    expect(merged.stderr).toBe('');
    expect(merged.stdout).toBe(whole.stdout);
    // Standard input works as well, and a missing shard is refused.
    expect(cli(['merge'], shards.join('')).stdout).toBe(whole.stdout);
    const partial = cli(['merge', join(dir, 'shard-0.jsonl'), join(dir, 'shard-2.jsonl')]);
    expect(partial.code).toBe(2);
    expect(partial.stderr).toMatch(/10 of the fleet's 30 runs are missing \(first: run 1\)/);
  });

  it("equals the per-run replays summed: each strategy's input tokens and cost, and the baseline's", () => {
    const agg = lines(whole.stdout).at(-1);
    const replays = [
      ['observation-masking'],
      [
        'prune-old-observations',
        '--params',
        '{"keepLastN":5,"maxLength":100,"recordMaxLength":500}',
        '--mode',
        'in-place',
        '--trigger',
        'after-step',
      ],
    ];
    replays.forEach((args, k) => {
      const r = cli(['replay', TRAJS, '--strategy', ...args, '--json']);
      expect(r.code).toBe(0);
      const hs = JSON.parse(r.stdout).histories as {
        totalInputTokens: number;
        baselineInputTokens: number;
        overflowCalls: number;
        cost: { costUsd: number; baselineCostUsd: number };
      }[];
      const s = agg.strategies[k];
      expect(hs).toHaveLength(30);
      expect(s.inputTokens).toBe(hs.reduce((n, h) => n + h.totalInputTokens, 0));
      expect(s.baselineInputTokens).toBe(hs.reduce((n, h) => n + h.baselineInputTokens, 0));
      expect(s.runsOverWindow).toBe(hs.filter((h) => h.overflowCalls > 0).length);
      expect(s.costUsd).toBeCloseTo(
        hs.reduce((n, h) => n + h.cost.costUsd, 0),
        9,
      );
      expect(s.baselineCostUsd).toBeCloseTo(
        hs.reduce((n, h) => n + h.cost.baselineCostUsd, 0),
        9,
      );
    });
  });

  it('pairs two fleets on their instance ids and says which tasks only one solves, as the results files do', () => {
    // B: the fixtures' other runs of the same submission, named differently (and two that are no SWE-bench run).
    const other = join(root, 'test/fixtures/real/mini-swe-agent');
    const r = cli([
      'compare',
      TRAJS,
      '--pair',
      other,
      '--strategies',
      STRATEGIES,
      '--results',
      RESULTS,
      '--pair-results',
      RESULTS,
    ]);
    expect(r.stderr).toBe('');
    const out = lines(r.stdout);
    const summary = out.at(-1);
    const pairs = out.slice(0, -1);
    const verdicts = resolvedIn(RESULTS);
    const a = new Set(readdirSync(TRAJS));
    const b = new Set(
      readdirSync(other).flatMap((f) => {
        const m = /__gemini-3-pro-preview__(.+)\.traj\.json$/.exec(f);
        return m ? [m[1] as string] : [];
      }),
    );
    const both = [...a].filter((t) => b.has(t)).sort();
    expect(pairs.map((p) => p.task)).toEqual(both);
    expect(summary.matched).toBe(both.length);
    const solves = (mine: Set<string>, theirs: Set<string>) =>
      both.filter(
        (t) =>
          mine.has(t) && verdicts.get(t) === true && !(theirs.has(t) && verdicts.get(t) === true),
      );
    expect(summary.onlyASolves).toEqual(solves(a, b));
    expect(summary.onlyBSolves).toEqual(solves(b, a));
    expect(summary.bothSolve + summary.neitherSolves).toBe(both.length);
    expect(summary.onlyInB).toEqual(
      [...b, 'github_issue', 'local'].filter((t) => !a.has(t)).sort(),
    );
    for (const p of pairs) expect(p.diff.steps).toBe(p.b.steps - p.a.steps);
    expect(summary.a.runs).toBe(both.length);
  });

  it('pairs two real fleets of one benchmark (GAIA, gpt-4o as CodeAgent and as ToolCallingAgent) as their raw records and score files say', () => {
    const expected = expectedGaiaPair();
    // The scorer the expectation uses gives the runs' own score files' counts.
    expect(expected.solvedCount).toEqual(expected.scoreFiles);
    const r = cli(['compare', GAIA_A, '--pair', GAIA_B, '--strategies', 'none']);
    expect(r.stderr).toBe('');
    const out = lines(r.stdout);
    const summary = out.at(-1);
    const pairs = out.slice(0, -1);
    expect(pairs.map((p) => p.task)).toEqual(expected.matched);
    expect(summary).toMatchObject({
      matched: 32,
      onlyInA: expected.onlyInA,
      onlyInB: expected.onlyInB,
      onlyASolves: expected.onlyASolves,
      onlyBSolves: expected.onlyBSolves,
      bothSolve: expected.bothSolve,
    });
    // One expected answer is over the 80 characters the importer keeps of it: no verdict there.
    expect(summary.unknown).toBe(1);
    expect(summary.neitherSolves + summary.unknown).toBe(expected.neitherSolves);
    // A real paired comparison: each side solves tasks the other does not.
    expect(expected.onlyASolves.length).toBeGreaterThan(0);
    expect(expected.onlyBSolves.length).toBeGreaterThan(0);
    for (const p of pairs) {
      // Model calls per side are the replies each raw record holds; the difference is B minus A.
      expect([p.a.calls, p.b.calls]).toEqual([
        expected.a.get(p.task)?.replies,
        expected.b.get(p.task)?.replies,
      ]);
      expect(p.diff.calls).toBe(p.b.calls - p.a.calls);
      expect(p.diff.inputTokens).toBe(p.b.inputTokens - p.a.inputTokens);
    }
  });

  it('refuses a shard out of range and --pair with --shard, naming the mistake', () => {
    const bad = cli(['compare', TRAJS, '--strategies', 'none', '--shard', '3/3']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--shard takes k\/n with 0 ≤ k < n/);
    const both = cli(['compare', TRAJS, '--strategies', 'none', '--shard', '0/2', '--pair', TRAJS]);
    expect(both.stderr).toMatch(/--pair compares two whole fleets/);
    expect(cli(['compare', TRAJS, '--strategies', 'nope']).stderr).toMatch(
      /unknown strategy or preset "nope"/,
    );
  });
});
