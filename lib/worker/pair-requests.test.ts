/**
 * The paired answer through the worker's dispatcher, on two real fleets of one benchmark (GAIA,
 * gpt-4o as smolagents' CodeAgent and as its ToolCallingAgent): who solves what as test/gaia-pair.ts
 * computes it from the raw records, and per task the numbers `stepscope compare A --pair B` prints.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectedGaiaPair, GAIA_A, GAIA_B, GAIA_B_DIR } from '../../test/gaia-pair';
import { createWorkerHandler } from './handle-request';
import type { PairResponse, PickedFile, WorkerResponse } from './protocol';

const PRESETS = ['observation-masking-m10', 'tinyagent-last-5'];
const picked = (path: string, as: string): PickedFile => ({
  path: as,
  file: new File([readFileSync(path)], basename(path)),
});
// Fleet B as a folder is picked: its runs and the two score files beside them.
const folderB = readdirSync(GAIA_B_DIR).map((f) =>
  picked(join(GAIA_B_DIR, f), `smolagents-gaia/${f}`),
);

async function paired(messages: WorkerResponse[]) {
  const handle = createWorkerHandler((m) => messages.push(m));
  await handle({
    type: 'read-files',
    requestId: 1,
    files: [picked(GAIA_A, basename(GAIA_A))],
    tokenizer: 'o200k_base',
    dialect: 'recorded',
  });
  messages.length = 0;
  const ask = (requestId: number, presets: string[]) =>
    handle({
      type: 'pair',
      requestId,
      pick: 1,
      files: folderB,
      presets,
      tokenizer: 'o200k_base',
      dialect: 'recorded',
    });
  return { ask };
}

describe('the paired answer', () => {
  it('says which tasks only one fleet solves, as the raw records do, with the CLI numbers per task', async () => {
    const messages: WorkerResponse[] = [];
    const { ask } = await paired(messages);
    await ask(-1, PRESETS);
    const answer = messages.find((m): m is PairResponse => m.type === 'paired');
    if (!answer) throw new Error(JSON.stringify(messages.filter((m) => m.type === 'failed')));
    const expected = expectedGaiaPair();
    expect(answer.name).toBe('smolagents-gaia');
    expect(answer.runPaths).toEqual([
      'smolagents-gaia/gpt-4o__tool-calling__gaia__2025-07-24.jsonl',
    ]);
    // The score files beside the runs are no runs: named, not fatal.
    expect(answer.warnings.join(' ')).toMatch(/benchmark_scores_gpt-4o__code__2025-07-24\.json/);
    expect(answer.tasks.map((t) => t.task)).toEqual(expected.matched);
    expect(answer.summary).toMatchObject({
      matched: 32,
      onlyInA: [],
      onlyInB: [],
      onlyASolves: expected.onlyASolves,
      onlyBSolves: expected.onlyBSolves,
      bothSolve: expected.bothSolve,
    });
    expect(answer.summary.neitherSolves + answer.summary.unknown).toBe(expected.neitherSolves);
    expect(answer.strategies.a.strategies.map((s) => s.id)).toEqual(PRESETS);
    expect(answer.strategies.b.runs).toBe(32);
    const progress = messages.filter((m) => m.type === 'progress');
    expect(progress.at(-1)).toMatchObject({ progress: 1 });

    // The CLI's lines for the same fleets: the same steps, calls, input tokens and cost per task.
    const cli = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'cli/stepscope.ts',
        'compare',
        GAIA_A,
        '--pair',
        GAIA_B,
        '--strategies',
        PRESETS.join(','),
      ],
      { encoding: 'utf8', maxBuffer: 1 << 26 },
    );
    const lines = cli.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const pick = (t: { task: string; a: object; b: object; diff: object; solved: string }) => {
      const side = (s: object) => {
        const { index: _i, file: _f, ...rest } = s as Record<string, unknown>;
        return rest;
      };
      return { task: t.task, a: side(t.a), b: side(t.b), diff: t.diff, solved: t.solved };
    };
    expect(answer.tasks.map(pick)).toEqual(lines.slice(0, -1).map(pick));
    const summary = lines.at(-1);
    expect(answer.strategies.a.strategies).toEqual(summary.a.strategies);
    expect(answer.strategies.b.strategies).toEqual(summary.b.strategies);
  }, 60_000);

  it('names an unknown preset', async () => {
    const messages: WorkerResponse[] = [];
    const { ask } = await paired(messages);
    await ask(-1, ['nope']);
    expect(messages.at(-1)).toMatchObject({ type: 'failed', message: /unknown preset "nope"/ });
  });
});

describe('the paired answer on SWE-bench folders with their results files', () => {
  const SUBMISSION = 'test/fixtures/fleet/20251118_mini-v1.15.0_gemini-3-pro-preview';
  const NAME = basename(SUBMISSION);
  const instances = readdirSync(join(SUBMISSION, 'trajs')).sort();
  const verdicts = new Map(
    (
      JSON.parse(readFileSync(join(SUBMISSION, 'results_summary.json'), 'utf8')) as {
        instances: { instance_id: string; resolved: boolean }[];
      }
    ).instances.map((i) => [i.instance_id, i.resolved]),
  );
  const results = picked(join(SUBMISSION, 'results_summary.json'), `${NAME}/results_summary.json`);
  const runsOf = (ids: readonly string[]) =>
    ids.map((id) =>
      picked(
        join(SUBMISSION, 'trajs', id, `${id}.traj.json`),
        `${NAME}/trajs/${id}/${id}.traj.json`,
      ),
    );

  it("judges both sides by the results file picked with each fleet's runs", async () => {
    const messages: WorkerResponse[] = [];
    const handle = createWorkerHandler((m) => messages.push(m));
    const counting = { tokenizer: 'o200k_base', dialect: 'recorded' } as const;
    await handle({
      type: 'read-files',
      requestId: 1,
      files: [...runsOf(instances), results],
      ...counting,
    });
    // B: the first 20 of the same submission's runs, with its results file.
    const some = instances.slice(0, 20);
    await handle({
      type: 'pair',
      requestId: 2,
      pick: 1,
      files: [...runsOf(some), results],
      presets: ['tinyagent-last-5'],
      ...counting,
    });
    const answer = messages.find((m): m is PairResponse => m.type === 'paired');
    if (!answer) throw new Error(JSON.stringify(messages.filter((m) => m.type === 'failed')));
    const solved = some.filter((id) => verdicts.get(id) === true).length;
    expect(solved).toBeGreaterThan(0);
    expect(answer.summary.matched).toBe(20);
    expect(answer.summary.onlyInA).toHaveLength(10);
    expect(answer.summary.bothSolve).toBe(solved);
    expect(answer.summary.neitherSolves).toBe(20 - solved);
    expect(answer.summary.unknown).toBe(0);
    expect(answer.warnings.join(' ')).toContain("read as the benchmark's results");
  });
});
