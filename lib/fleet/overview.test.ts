/**
 * The overview's rows on real fleets: the 115-run tau-bench results file (grok-3, tool calling) and
 * the mini-swe-agent SWE-bench trajectories as a folder. Each row must equal what the workspace shows
 * for that run alone (the run totals' Run input, peak context and model calls, the Usage view's cost),
 * and its outcome must be the one the file records.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareTotals } from '../charts/prepare';
import { parseSource } from '../import';
import { importSources } from '../import/files';
import { whatYouPaidWithChildren } from '../pricing/paid';
import { chooseModel } from '../state/model-choice';
import { createStepTokens } from '../tokens/step-tokens';
import { DEFAULT_TOKENIZER } from '../tokens/tokenizer';
import { fleetRows } from './overview';

const REAL = join(import.meta.dirname, '../../test/fixtures/real');
const TAU = 'openai-chat/tau-bench__tool-calling-grok-3.json';
const MINI = 'mini-swe-agent';

function tauBench() {
  const text = readFileSync(join(REAL, TAU), 'utf8');
  const raw = JSON.parse(text) as { reward: number; task_id: number; trial: number }[];
  return { raw, histories: importSources([parseSource(text, 'tau-bench.json')]).histories };
}

/** The folder as a user picks it: every trajectory under one folder name. */
function miniFolder() {
  const names = readdirSync(join(REAL, MINI)).filter((n) => n.startsWith('swebench-'));
  const sources = names.map((n) =>
    parseSource(readFileSync(join(REAL, MINI, n), 'utf8'), `runs/${n}`),
  );
  const raw = names.map(
    (n) =>
      JSON.parse(readFileSync(join(REAL, MINI, n), 'utf8')) as {
        info: { exit_status: string; model_stats: { instance_cost: number } };
      },
  );
  return { raw, histories: importSources(sources).histories };
}

describe('fleetRows on the 115-run tau-bench file', () => {
  const { raw, histories } = tauBench();
  const tokens = createStepTokens(DEFAULT_TOKENIZER, 'recorded');
  const rows = fleetRows(histories, (s) => tokens.step(s));

  it('has one row per run, in the file order', () => {
    expect(rows).toHaveLength(115);
    expect(rows.map((r) => r.index)).toEqual(histories.map((_, i) => i));
  });

  it("equals each run's own totals (run 8: Run input, peak context, model calls)", () => {
    const eighth = histories[7]!;
    const totals = prepareTotals(
      eighth.steps,
      eighth.steps.map((s) => tokens.step(s)),
    );
    expect(rows[7]!.inputTokens).toBe(totals.runInputTokens);
    expect(rows[7]!.peakContext).toBe(totals.peakContext);
    expect(rows[7]!.modelCalls).toBe(totals.modelCalls);
    expect(rows[7]!.steps).toBe(totals.steps);
    // Every run, not just the eighth.
    histories.forEach((h, i) => {
      const t = prepareTotals(
        h.steps,
        h.steps.map((s) => tokens.step(s)),
      );
      expect([rows[i]!.inputTokens, rows[i]!.peakContext, rows[i]!.modelCalls]).toEqual([
        t.runInputTokens,
        t.peakContext,
        t.modelCalls,
      ]);
    });
    expect(rows[7]!.inputTokens).toBeGreaterThan(rows[7]!.peakContext);
  });

  it("reads each run's reward as its outcome: 37 runs at 0 failed, the other 78 partial", () => {
    rows.forEach((r, i) => expect(r.outcome).toBe(`reward ${Number(raw[i]!.reward.toFixed(4))}`));
    const failed = rows.filter((r) => r.outcomeKind === 'failed').length;
    const partial = rows.filter((r) => r.outcomeKind === 'partial').length;
    expect(failed).toBe(raw.filter((r) => r.reward === 0).length);
    expect(failed).toBe(37);
    expect(partial).toBe(78);
  });

  it("uses the model's window the workspace uses, and no call of these runs passes it", () => {
    histories.forEach((h, i) => {
      const choice = chooseModel(h, undefined);
      expect(rows[i]!.contextWindow).toBe(choice.contextWindow);
      expect(rows[i]!.windowAssumed).toBe(choice.windowAssumed);
      expect(rows[i]!.model).toBe(choice.recorded);
    });
    expect(rows.every((r) => r.overWindow === 0)).toBe(true);
  });

  it('counts the calls over a small window', () => {
    const h = histories[7]!;
    const [row] = fleetRows([h], (s) => tokens.step(s), {
      '*': { input: 1, contextWindow: 5_000 },
    });
    const over = prepareTotals(
      h.steps,
      h.steps.map((s) => tokens.step(s)),
    );
    expect(row!.contextWindow).toBe(5_000);
    expect(row!.overWindow).toBeGreaterThan(0);
    expect(row!.overWindow).toBeLessThanOrEqual(over.modelCalls);
  });

  it('prices each run as the Usage view does (the file records no cost)', () => {
    histories.forEach((h, i) => {
      const paid = whatYouPaidWithChildren(h);
      expect(rows[i]!.costUsd).toBe(paid.usd);
    });
  });
});

describe('fleetRows on a folder of mini-swe-agent trajectories', () => {
  const { raw, histories } = miniFolder();
  const tokens = createStepTokens(DEFAULT_TOKENIZER, 'recorded');
  const rows = fleetRows(histories, (s) => tokens.step(s));

  it('reads info.exit_status as the outcome and info.model_stats.instance_cost as the cost', () => {
    expect(rows).toHaveLength(7);
    rows.forEach((r, i) => {
      expect(r.outcome).toBe(raw[i]!.info.exit_status);
      expect(r.outcomeKind).toBe('submitted');
      expect(r.costUsd).toBe(raw[i]!.info.model_stats.instance_cost);
      expect(r.costBasis).toBe('recorded');
    });
  });

  it("equals each run's own totals", () => {
    histories.forEach((h, i) => {
      const t = prepareTotals(
        h.steps,
        h.steps.map((s) => tokens.step(s)),
      );
      expect(rows[i]!.inputTokens).toBe(t.runInputTokens);
      expect(rows[i]!.peakContext).toBe(t.peakContext);
    });
  });

  it('gives a chars/4 first estimate of the same shape', () => {
    const rough = createStepTokens('heuristic', 'recorded');
    const estimated = fleetRows(histories, (s) => rough.step(s));
    estimated.forEach((r, i) => {
      expect(r.modelCalls).toBe(rows[i]!.modelCalls);
      expect(r.inputTokens).not.toBe(rows[i]!.inputTokens);
      expect(Math.abs(r.inputTokens / rows[i]!.inputTokens - 1)).toBeLessThan(0.5);
    });
  });
});
