/**
 * Issue 21: for every bundled real fixture that records usage, the replay of `none` (counted as the
 * run sent it) against the prompt the file reports, call by call. The golden pins each fixture's gap
 * (totals, the fitted offset and scale, what is left after the fit, the explanation), so a change
 * in an importer, the rendering or the counting that moves a figure shows up here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { History, Step } from '../lib/model/types';
import { promptTokensOf, reportedUsage } from '../lib/model/usage';
import { noneContexts, reconcile, reconcileRun } from '../lib/simulate/reconcile';
import { createStepTokens } from '../lib/tokens/step-tokens';
import { CASES, DERIVED, importFixture } from './cases';

const tokensOf = createStepTokens('o200k_base', 'recorded');

function* withChildren(h: History, path = ''): Generator<[string, History]> {
  const name = `${path}${h.title ?? h.id}`;
  yield [name, h];
  for (const c of h.children ?? []) yield* withChildren(c.history, `${name} › `);
}

const pct = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}%`;

function report(path: string): string | undefined {
  const { histories } = importFixture(path);
  const lines: string[] = [];
  for (const top of histories)
    for (const [name, h] of withChildren(top)) {
      const tokens = h.steps.map((s) => tokensOf.step(s));
      const r = reconcile(h.steps, tokens, {
        ...(h.model ? { model: h.model } : {}),
        tokenizer: 'o200k_base',
      });
      if (!r) continue;
      lines.push(
        `# ${name} (model ${h.model ?? 'unnamed'})`,
        `calls ${r.calls.length}, reporting input ${r.reportedCalls}; simulated ${r.simulatedTotal}, reported ${r.reportedTotal} (${pct((r.simulatedTotal - r.reportedTotal) / r.reportedTotal)})`,
        `fit: reported ≈ ${r.offsetTokens} + ${r.scale.toFixed(3)} × simulated; after it median ${pct(r.residual.median)}, max ${pct(r.residual.max)} at call ${r.residual.maxAtCall ?? '-'}`,
        ...r.explanations.map((e) => `- ${e}`),
        ...r.calls
          .filter((c) => c.reported)
          .slice(0, 60)
          .map(
            (c) =>
              `  call ${c.call} step ${c.stepIndex}: simulated ${c.simulated}, reported ${c.reported?.total} (uncached ${c.reported?.uncached}, cache read ${c.reported?.cacheRead}, write ${c.reported?.cacheWrite}${c.reported?.cacheWrite1h ? ` of which 1h ${c.reported.cacheWrite1h}` : ''}), gap ${c.gap}`,
          ),
      );
    }
  return lines.length > 0 ? lines.join('\n') + '\n' : undefined;
}

describe('none against the usage each real fixture reports', () => {
  const withUsage = [...CASES, ...DERIVED].filter(([path]) => report(path) !== undefined);

  it('covers the fixtures that record per-call usage', () => {
    // Pinned so a fixture whose usage stops being read (an importer regression) fails here.
    expect(withUsage.length).toBeGreaterThanOrEqual(10);
  });

  it.each(withUsage)('%s', async (path) => {
    await expect(report(path)).toMatchFileSnapshot(
      `./goldens/reconcile/${path.replace(/^(real|derived)\//, '').replace(/\//g, '__')}.txt`,
    );
  });

  it("reads each call's reported prompt in the file's own convention", () => {
    const { histories } = importFixture('real/anthropic-claude-code/cc_small_5ed31c36.jsonl');
    const h = histories[0] as History;
    const tokens = h.steps.map((s) => tokensOf.step(s));
    const r = reconcile(h.steps, tokens, { tokenizer: 'o200k_base' })!;
    for (const c of r.calls.filter((x) => x.reported)) {
      const step = h.steps[c.stepIndex];
      const u = step?.kind === 'action' ? step.usage : undefined;
      // Anthropic reports fresh input apart from cache reads and writes: the prompt is their sum.
      expect(c.reported?.total).toBe(
        (u?.inputTokens ?? 0) + (u?.cacheReadInputTokens ?? 0) + (u?.cacheCreationInputTokens ?? 0),
      );
    }
  });
});

describe('the explanations hold for the run they describe', () => {
  const act = (id: string, input?: number): Step => ({
    kind: 'action',
    id,
    stepNumber: 0,
    toolCalls: [],
    isFinal: false,
    modelOutput: id,
    ...(input !== undefined
      ? { usage: { inputTokens: input, inputCounts: 'total' as const } }
      : {}),
  });
  const task: Step = { kind: 'task', id: 't', stepNumber: 0, task: 'do' };

  it('a gap that grows with the run is a per-step difference, not a fixed prefix', () => {
    // Counted 1k/2k/3k/4k, reported three times as much: the slope is 3, the offset 0.
    const steps = [task, act('a1', 3_000), act('a2', 6_000), act('a3', 9_000), act('a4', 12_000)];
    const tokens = [997, 1_000, 1_000, 1_000, 1_000];
    const r = reconcile(steps, tokens, { tokenizer: 'o200k_base' })!;
    expect(r.scale).toBeCloseTo(3, 9);
    expect(r.explanations.join(' ')).toMatch(/Each new step costs ×3\.00/);
    expect(r.explanations.join(' ')).not.toMatch(/tokens per call that the file does not record/);
  });

  it('does not call a compaction the file records an unrecorded one', () => {
    const steps: Step[] = [
      task,
      act('a1', 10_000),
      act('a2', 20_000),
      {
        kind: 'summary',
        id: 'c',
        stepNumber: 3,
        content: 's',
        replaces: ['t', 'a1', 'a2'],
        origin: 'model',
      },
      act('a3', 1_110),
      act('a4', 2_110),
    ];
    const tokens = [9_997, 10_000, 10_000, 1_107, 1_000, 1_000];
    const r = reconcile(steps, tokens, { tokenizer: 'o200k_base' })!;
    expect(r.calls.map((c) => c.simulated)).toEqual([10_000, 20_000, 1_110, 2_110]);
    expect(r.explanations.join(' ')).not.toMatch(/without recording it as a step/);
    // The same drop with no summary step in the file is named.
    const unrecorded = reconcile(
      [task, act('a1', 10_000), act('a2', 20_000), act('a3', 1_110)],
      [9_997, 10_000, 10_000, 1_000],
      { tokenizer: 'o200k_base' },
    )!;
    expect(unrecorded.explanations.join(' ')).toMatch(/At call 3 the reported input drops/);
  });

  it('sums a run whose calls count input differently part by part', () => {
    // LiteLLM's OpenHands shapes: a total (reads and writes inside) and an uncached count.
    const h: History = {
      id: 'h',
      steps: [
        task,
        {
          ...act('a1'),
          usage: { inputTokens: 6_557, cacheCreationInputTokens: 6_553, inputCounts: 'total' },
        } as Step,
        {
          ...act('a2'),
          usage: {
            inputTokens: 6,
            cacheReadInputTokens: 6_553,
            cacheCreationInputTokens: 210,
            inputCounts: 'uncached',
          },
        } as Step,
      ],
    };
    const sum = reportedUsage(h)!;
    expect(promptTokensOf(sum)?.total).toBe(6_557 + 6 + 6_553 + 210);
    expect(sum.inputCounts).toBe('uncached');
  });
});

describe('a file that reports usage only for the run', () => {
  it("sets the run's reported input beside what none sends over the run", () => {
    const path = 'real/smolagents/gpt-4o__code__gaia__2025-07-24.jsonl';
    const h = importFixture(path).histories[0] as History;
    const tokens = h.steps.map((s) => tokensOf.step(s));
    expect(reconcile(h.steps, tokens, { tokenizer: 'o200k_base' })).toBeUndefined();
    const raw = JSON.parse(
      readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8').split('\n')[0] as string,
    ) as { token_counts: { input_tokens: number } };
    const run = reconcileRun(h.steps, tokens, h.usage);
    expect(run?.reported).toBe(raw.token_counts.input_tokens);
    expect(run?.simulated).toBe(noneContexts(h.steps, tokens).reduce((n, c) => n + c.tokens, 0));
    // Within a few percent: the run's own count and ours of the same text.
    expect(Math.abs((run!.simulated - run!.reported) / run!.reported)).toBeLessThan(0.1);
  });
});

describe('noneContexts', () => {
  it('is the history before each call, less what a recorded compaction replaced', () => {
    const act = (id: string): Step => ({
      kind: 'action',
      id,
      stepNumber: 0,
      toolCalls: [],
      isFinal: false,
      modelOutput: id,
    });
    const steps: Step[] = [
      { kind: 'system-prompt', id: 's', stepNumber: 0, content: 'sys' },
      { kind: 'task', id: 't', stepNumber: 1, task: 'do' },
      act('a1'),
      act('a2'),
      // Claude Code's compaction: a summary the model wrote, replacing the task and both actions.
      {
        kind: 'summary',
        id: 'c',
        stepNumber: 4,
        content: 'summary',
        replaces: ['t', 'a1', 'a2'],
        origin: 'model',
      },
      act('a3'),
      act('a4'),
    ];
    const tokens = [100, 10, 20, 30, 5, 40, 50];
    expect(noneContexts(steps, tokens)).toEqual([
      { stepIndex: 2, tokens: 3 + 110 },
      { stepIndex: 3, tokens: 3 + 130 },
      // After the compaction: the system prompt and the summary, then what follows.
      { stepIndex: 5, tokens: 3 + 100 + 5 },
      { stepIndex: 6, tokens: 3 + 100 + 5 + 40 },
    ]);
  });

  it('splits an OpenAI record without counting its cached part twice', () => {
    expect(promptTokensOf({ inputTokens: 1000, cacheReadInputTokens: 800 })).toMatchObject({
      total: 1000,
      uncached: 200,
      cacheRead: 800,
    });
    expect(
      promptTokensOf({ inputTokens: 200, cacheReadInputTokens: 800, inputCounts: 'uncached' }),
    ).toMatchObject({ total: 1000, uncached: 200, cacheRead: 800 });
  });
});
