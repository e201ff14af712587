import { describe, expect, it } from 'vitest';
import type { ActionStep, History, Step, Usage } from '../model/types';
import { parsePriceOverrides } from './overrides';
import { pricedCalls, whatYouPaid, whatYouPaidWithChildren } from './paid';

const M = 1_000_000;

let n = 0;
function call(usage: Usage | undefined, extra: Partial<ActionStep> = {}): ActionStep {
  n += 1;
  return {
    id: `s${n}`,
    stepNumber: n,
    kind: 'action',
    toolCalls: [],
    isFinal: false,
    ...(usage ? { usage } : {}),
    ...extra,
  };
}

const task: Step = { id: 'task', stepNumber: 0, kind: 'task', task: 'do it' };
const run = (steps: Step[], extra: Partial<History> = {}): History => ({
  id: 'run',
  steps: [task, ...steps],
  ...extra,
});

// gpt-4o: $2.50 input, $1.25 cached, $10 output per MTok; claude-sonnet-4-5: $3 input, $15 output.
const gpt = { inputTokens: 1_000, cacheReadInputTokens: 400, outputTokens: 100 };
const gptUsd = (600 * 2.5 + 400 * 1.25 + 100 * 10) / M;

describe('what you paid', () => {
  it("is the run's recorded cost when the file records one", () => {
    const h = run([call(gpt)], { model: 'gpt-4o', usage: { ...gpt, costUsd: 0.42 } });
    expect(whatYouPaid(h)).toEqual({ kind: 'recorded', usd: 0.42, from: 'history.usage.costUsd' });
  });

  it("is the sum of the calls' recorded costs when every call with usage has one", () => {
    const h = run(
      [
        call({ ...gpt, costUsd: 0.1 }),
        call({ ...gpt, costUsd: 0.25 }),
        // A streaming placeholder needs no cost.
        call({ inputTokens: 0, outputTokens: 0 }),
        call(undefined),
      ],
      { model: 'gpt-4o' },
    );
    const paid = whatYouPaid(h);
    expect(paid.kind).toBe('recorded');
    if (paid.kind !== 'recorded') return;
    expect(paid.usd).toBeCloseTo(0.35, 12);
    expect([paid.from, paid.calls]).toEqual(['step.usage.costUsd', 2]);
  });

  it('prices each call with its own model at its own time when costs are missing', () => {
    const h = run(
      [
        call(gpt, { timestamp: 1_760_000_000 }),
        call({ ...gpt, costUsd: 0.5 }),
        call(
          { inputTokens: 2_000, outputTokens: 10, cacheCreationInputTokens: 0 },
          { model: 'claude-sonnet-4-5-20250929' },
        ),
        call({ inputTokens: 0, outputTokens: 0 }),
        call(gpt, { model: 'my-finetune' }),
      ],
      { model: 'gpt-4o' },
    );
    const paid = whatYouPaid(h);
    expect(paid.kind).toBe('priced');
    if (paid.kind !== 'priced') return;
    const claudeUsd = (2_000 * 3 + 10 * 15) / M;
    // The recorded call is priced too: a partial record is not what the run cost.
    expect(paid.usd).toBeCloseTo(2 * gptUsd + claudeUsd, 12);
    expect(paid.calls).toBe(4);
    expect(paid.basis).toBe('calls');
    expect(paid.unpriced).toEqual([
      {
        stepId: h.steps[5]?.id,
        reason:
          'model "my-finetune" is not in the catalog (genai-prices 0.1.8); give its prices with --prices or in the price editor',
      },
    ]);
    expect(paid.models.map((m) => [m.model, m.calls, Number(m.usd.toFixed(12))])).toEqual([
      ['gpt-4o', 3, Number((2 * gptUsd).toFixed(12))],
      ['claude-sonnet-4-5-20250929', 1, Number(claudeUsd.toFixed(12))],
    ]);
    expect(paid.models[0]?.source).toBe(
      'genai-prices 0.1.8 (pydantic/genai-prices), openai: gpt-4o',
    );
  });

  it('does not take a recorded $0 for a run that used tokens (frameworks write 0 for models they cannot price)', () => {
    const h = run([call(gpt)], { model: 'gpt-4o', usage: { ...gpt, costUsd: 0 } });
    const paid = whatYouPaid(h);
    expect(paid.kind).toBe('priced');
    if (paid.kind !== 'priced') return;
    expect(paid.usd).toBeCloseTo(gptUsd, 12);
    expect(paid.notes?.[0]).toMatch(/records \$0/);
    // With no usage besides the $0, the $0 is what the file says.
    expect(whatYouPaid(run([], { usage: { costUsd: 0 } }))).toEqual({
      kind: 'recorded',
      usd: 0,
      from: 'history.usage.costUsd',
    });
  });

  it('is unknown, never $0, when no call can be priced or nothing is recorded', () => {
    expect(whatYouPaid(run([call(gpt)], { model: 'my-finetune' }))).toEqual({
      kind: 'none',
      reason:
        'model "my-finetune" is not in the catalog (genai-prices 0.1.8); give its prices with --prices or in the price editor',
    });
    expect(whatYouPaid(run([call(undefined)]))).toEqual({
      kind: 'none',
      reason: 'the file records no usage',
    });
    const priced = whatYouPaid(run([call(gpt)], { model: 'my-finetune' }), {
      overrides: parsePriceOverrides({ 'my-finetune': { input: 1, output: 2, cacheRead: 0.5 } }),
    });
    expect(priced.kind === 'priced' && priced.usd).toBeCloseTo((600 + 400 * 0.5 + 200) / M, 12);
  });

  it('prices run totals only when the prices are flat (a tier is per request)', () => {
    const totals = { inputTokens: 50_000, cacheReadInputTokens: 20_000, outputTokens: 1_000 };
    const flat = whatYouPaid(run([], { model: 'gpt-4o', usage: totals }));
    expect(flat.kind === 'priced' && [flat.basis, flat.calls]).toEqual(['run totals', 0]);
    expect(flat.kind === 'priced' && flat.usd).toBeCloseTo(
      (30_000 * 2.5 + 20_000 * 1.25 + 1_000 * 10) / M,
      12,
    );
    const tiered = whatYouPaid(run([], { model: 'claude-sonnet-4-5', usage: totals }));
    expect(tiered.kind === 'none' && tiered.reason).toMatch(/depends on each request's size/);
    // A price for input only keeps the catalog's tier on the rest (output above 200k): still not flat.
    const overridden = whatYouPaid(run([], { model: 'claude-sonnet-4-5', usage: totals }), {
      overrides: parsePriceOverrides({ 'claude-sonnet-4-5': { input: 3 } }),
    });
    expect(overridden.kind).toBe('none');
    // Every price given: flat, so priced.
    const flatOverride = whatYouPaid(run([], { model: 'claude-sonnet-4-5', usage: totals }), {
      overrides: parsePriceOverrides({
        'claude-sonnet-4-5': {
          input: 3,
          output: 15,
          cacheRead: 0.3,
          cacheWrite: 3.75,
          cacheWrite1h: 6,
        },
      }),
    });
    expect(flatOverride.kind === 'priced' && flatOverride.usd).toBeCloseTo(
      (30_000 * 3 + 20_000 * 0.3 + 1_000 * 15) / M,
      12,
    );
  });

  it('prices run totals per model where the file gives them so (a solver and its grader)', () => {
    const solver = { inputTokens: 1_000, outputTokens: 100, inputCounts: 'total' as const };
    const grader = { inputTokens: 50_000, outputTokens: 2_000, inputCounts: 'uncached' as const };
    const paid = whatYouPaid(
      run([], {
        model: 'gpt-4o',
        usage: { inputTokens: 51_000, outputTokens: 2_100 },
        usageByModel: {
          'openai/gpt-4o': solver,
          'anthropic/claude-3-5-sonnet-20241022': grader,
        },
      }),
    );
    // gpt-4o $2.50/$10; Claude 3.5 Sonnet $3/$15: never the grader at the solver's price.
    expect(paid.kind === 'priced' && paid.usd).toBeCloseTo(
      (1_000 * 2.5 + 100 * 10 + 50_000 * 3 + 2_000 * 15) / M,
      12,
    );
    expect(paid.kind === 'priced' && paid.models.map((m) => m.model)).toEqual([
      'openai/gpt-4o',
      'anthropic/claude-3-5-sonnet-20241022',
    ]);
  });
});

it('lists every call with its recorded and priced cost for the reconciliation table', () => {
  const h = run(
    [call({ ...gpt, costUsd: 0.002 }), call({ inputTokens: 1, outputTokens: 0 }, { model: 'x-1' })],
    { model: 'gpt-4o' },
  );
  const rows = pricedCalls(h);
  expect(rows.map((r) => [r.stepIndex, r.model, r.recordedUsd, r.pricedUsd !== undefined])).toEqual(
    [
      [1, 'gpt-4o', 0.002, true],
      [2, 'x-1', undefined, false],
    ],
  );
  expect(rows[0]?.parts?.cacheRead).toEqual({ tokens: 400, usd: (400 * 1.25) / M });
  expect(rows[1]?.reason).toMatch(/^model "x-1" is not in the catalog/);
});

it('sums a run and its sub-agents, each counted once', () => {
  const child = run([call({ ...gpt, costUsd: 0.25 })], { id: 'child', model: 'gpt-4o' });
  const unknown = run([call(gpt)], { id: 'lost', model: 'my-finetune' });
  const parent = run([call({ ...gpt, costUsd: 1 })], {
    model: 'gpt-4o',
    children: [
      { parentStepId: 's1', history: child },
      { parentStepId: 's1', history: child },
      { parentStepId: 's1', history: unknown },
    ],
  });
  const paid = whatYouPaidWithChildren(parent);
  expect(paid.runs.map((r) => [r.historyId, r.depth, r.paid.kind])).toEqual([
    ['run', 0, 'recorded'],
    ['child', 1, 'recorded'],
    ['lost', 1, 'none'],
  ]);
  expect(paid.usd).toBeCloseTo(1.25, 12);
  expect(paid.partial).toBe(true);
  expect(whatYouPaidWithChildren(unknown).usd).toBeUndefined();
});
