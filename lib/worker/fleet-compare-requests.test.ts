/**
 * The fleet comparison through the worker's dispatcher on real runs (ten trajectories of the Gemini
 * 3 Pro SWE-bench fleet and its results file, picked together): finished runs stream as parts that
 * add up to the answer, the results file is read as verdicts instead of failing as a history, and a
 * `cancel` stops the loop between runs.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixtureText } from '../../test/samples';
import { createWorkerClient } from './client';
import { createWorkerHandler } from './handle-request';
import type { FleetComparePartResponse, WorkerRequest, WorkerResponse } from './protocol';
import { resolveStrategies } from '../fleet/choices';
import { importValue } from '../import';
import { createStepTokens } from '../tokens/step-tokens';
import { compareFleetInWorker, FleetCancelled } from './fleet-compare-requests';
import { CUSTOM_ID, runCustomCode, type CustomRunner } from '../compare/custom-run';
import { modelCallIndices } from '../model/steps';
import { contextWindowFor } from '../tokens/models';

const DIR = 'fleet/20251118_mini-v1.15.0_gemini-3-pro-preview';
const IDS = readdirSync(new URL(`../../test/fixtures/${DIR}/trajs`, import.meta.url))
  .sort()
  .slice(0, 10);
const files = [
  ...IDS.map((id) => ({
    name: `trajs/${id}/${id}.traj.json`,
    text: fixtureText(`${DIR}/trajs/${id}/${id}.traj.json`),
  })),
  { name: 'results_summary.json', text: fixtureText(`${DIR}/results_summary.json`) },
];
const choices = resolveStrategies('observation-masking-m10,tinyagent-last-5');
const ask: WorkerRequest = {
  type: 'fleet-compare',
  requestId: -7,
  tokenizer: 'o200k_base',
  dialect: 'recorded',
  choices,
};

async function loaded(post: (m: WorkerResponse) => void) {
  const messages: WorkerResponse[] = [];
  const handle = createWorkerHandler((m) => {
    messages.push(m);
    post(m);
  });
  await handle({
    type: 'load-many',
    requestId: 1,
    files,
    tokenizer: 'o200k_base',
    dialect: 'recorded',
  });
  return { handle, messages };
}

describe('the fleet-compare request', () => {
  it('streams finished runs that add up to the answer, split by the results file', async () => {
    const { handle, messages } = await loaded(() => {});
    const load = messages.find((m) => m.type === 'loaded');
    expect(load?.type === 'loaded' && load.runs.length).toBe(10);
    // The results file is not a history that failed: the load says how it read it.
    expect(messages.some((m) => m.type === 'failed')).toBe(false);
    expect(load?.type === 'loaded' && load.warnings.join('\n')).toMatch(
      /results_summary\.json read as the benchmark's results: \d+ of 500 tasks resolved/,
    );
    messages.length = 0;
    await handle(ask);
    const parts = messages.filter(
      (m): m is FleetComparePartResponse => m.type === 'fleet-compare-part',
    );
    const answer = messages.find((m) => m.type === 'fleet-compared');
    if (answer?.type !== 'fleet-compared') throw new Error('no answer');
    expect(parts.flatMap((p) => p.runs)).toEqual(answer.comparison.runs);
    expect(parts.at(-1)).toMatchObject({ done: 10, total: 10 });
    const { aggregate } = answer.comparison;
    expect(aggregate.runs).toBe(10);
    expect(aggregate.byOutcome.unknown).toBe(0);
    expect(aggregate.byOutcome.resolved + aggregate.byOutcome.unresolved).toBe(10);
    expect(aggregate.strategies.map((s) => s.id)).toEqual([
      'observation-masking-m10',
      'tinyagent-last-5',
    ]);
    expect(aggregate.strategies[1]!.savedTokens).toBeGreaterThan(0);
  });

  it('stops between runs when cancelled, having reported what it finished', async () => {
    const histories = files.slice(0, 4).map((f) => importValue(JSON.parse(f.text), f.name));
    const runs = histories.flatMap((h) => h.file.histories);
    const stop = new AbortController();
    const reported: number[] = [];
    const work = compareFleetInWorker(
      runs,
      { choices, tokens: createStepTokens('o200k_base', 'recorded') },
      (done) => {
        reported.push(done);
        // The first run is in: the page gives up.
        stop.abort();
      },
      stop.signal,
      0,
      0,
    );
    await expect(work).rejects.toBeInstanceOf(FleetCancelled);
    expect(reported).toEqual([1]);
  });

  it("is cancelled in the worker when the page's asker gives up", async () => {
    const sent: WorkerRequest[] = [];
    const client = createWorkerClient({ postMessage: (r) => sent.push(r) }, () => {});
    const stop = new AbortController();
    const answer = client.ask(
      { type: 'fleet-compare', tokenizer: 'o200k_base', dialect: 'recorded', choices },
      { signal: stop.signal },
    );
    stop.abort(new Error('gone'));
    await expect(answer).rejects.toThrow('gone');
    expect(sent.map((r) => [r.type, r.requestId])).toEqual([
      ['fleet-compare', -1],
      ['cancel', -1],
    ]);
  });

  it('ignores a cancel for a request that is not running', async () => {
    const { handle, messages } = await loaded(() => {});
    messages.length = 0;
    await handle({ type: 'cancel', requestId: -99 });
    expect(messages).toEqual([]);
  });

  it("runs a custom function on every run through the sandbox it is given, under each run's window", async () => {
    const histories = files.slice(0, 4).map((f) => importValue(JSON.parse(f.text), f.name));
    const runs = histories.flatMap((h) => h.file.histories);
    const asked: { steps: number; calls: readonly number[]; window: number }[] = [];
    // The sandbox's own code, in this process: what the page's sandbox worker runs.
    const sandbox: CustomRunner = async (code, steps, calls, window) => {
      asked.push({ steps: steps.length, calls, window });
      try {
        return runCustomCode(code, steps, calls, window);
      } catch (error) {
        return `the function failed: ${(error as Error).message}`;
      }
    };
    const custom = (code: string) => ({
      id: 'mine',
      choice: { strategyId: CUSTOM_ID, params: { code } },
    });
    const out = await compareFleetInWorker(
      runs,
      {
        choices: [
          custom('(steps) => steps'),
          custom('(steps) => [...steps.slice(0, 2), ...steps.slice(2).slice(-10)]'),
          custom(
            '(steps) => { if (steps.length > 40) throw new Error("too long"); return steps; }',
          ),
        ],
        tokens: createStepTokens('o200k_base', 'recorded'),
        runCustom: sandbox,
      },
      () => {},
    );
    expect(asked).toEqual(
      runs.flatMap((h) =>
        Array.from({ length: 3 }, () => ({
          steps: h.steps.length,
          calls: modelCallIndices(h.steps),
          window: contextWindowFor(h.model),
        })),
      ),
    );
    for (const [k, run] of out.entries()) {
      const [same, lastTen, failing] = run.strategies;
      // Sending every step is sending everything.
      expect(same).toMatchObject({ inputTokens: run.baseline.inputTokens, savedTokens: 0 });
      expect(same?.error).toBeUndefined();
      // Past twelve steps, each call's context keeps the first two and the last ten.
      expect(lastTen?.error).toBeUndefined();
      expect(lastTen!.inputTokens).toBeLessThan(run.baseline.inputTokens);
      expect(lastTen!.savedTokens).toBe(run.baseline.inputTokens - lastTen!.inputTokens);
      // The function throws on a run of more than 40 steps, before some call or on the whole run.
      if ((runs[k] as (typeof runs)[number]).steps.length > 40)
        expect(failing?.error).toMatch(/^the function failed: .*too long/);
      else expect(failing?.error).toBeUndefined();
    }
    expect(runs.some((h) => h.steps.length > 40)).toBe(true);
  });

  it('says when nothing is chosen', async () => {
    const { handle, messages } = await loaded(() => {});
    messages.length = 0;
    await handle({ ...ask, choices: [] });
    expect(messages).toEqual([
      { type: 'failed', requestId: -7, message: 'Choose at least one strategy to compare' },
    ]);
  });
});
