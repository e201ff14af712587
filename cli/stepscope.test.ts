/** The CLI as its users run it: a real process, exit codes, stderr, and --json against its schema. */
import Ajv2020 from 'ajv/dist/2020';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const tau = join(
  root,
  'test/fixtures/real/openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json',
);
const fixture = (path: string) => join(root, 'test/fixtures/real', path);
const schema = JSON.parse(readFileSync(join(root, 'cli/output.schema.json'), 'utf8'));
const validate = new Ajv2020({ strict: false }).compile(schema);

function cli(...args: string[]) {
  return cliWith({}, ...args);
}

function cliWith(env: Record<string, string>, ...args: string[]) {
  const r = spawnSync(
    process.execPath,
    ['--import', join(root, 'scripts/ts-register.mjs'), join(root, 'cli/stepscope.ts'), ...args],
    // A command that never exits fails here rather than holding the test run.
    { cwd: root, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 },
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function json(...args: string[]) {
  const r = cli(...args, '--json');
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(validate(out), JSON.stringify(validate.errors)).toBe(true);
  return out;
}

describe('stepscope CLI', () => {
  it('inspects a real history: steps with kind and tokens, totals and the run cost', () => {
    const out = json('inspect', tau);
    expect(out.format).toBe('openai-messages');
    const h = out.histories[0];
    expect(h.totals.steps).toBe(h.steps.length);
    expect(h.totals.byKind).toEqual({ 'system-prompt': 1, task: 11, action: 30 });
    expect(h.totals.runInputTokens).toBeGreaterThan(10 * h.totals.tokens);
    const human = cli('inspect', tau);
    expect(human.stdout).toMatch(
      /total: 42 steps \(system-prompt 1, task 11, action 30\), 20 tool calls, 0 errors/,
    );
  });

  it('inspects a session folder with its sub-agent, a JSONL file, and reports what the file says it used', () => {
    const folder = json(
      'inspect',
      join(root, 'test/fixtures/real/anthropic-claude-code/cc_claude_p_29ccd257'),
    );
    expect(folder.format).toBe('claude-code');
    expect(
      folder.histories.map((h: { title: string; parent?: unknown }) => [h.title, h.parent]),
    ).toEqual([
      [
        'Use the Explore task in sub-agents with Haiku model to give me an overview of t…',
        undefined,
      ],
      [
        'Task: Explore codebase structure',
        { historyId: '29ccd257-68b1-427f-ae5f-6524b7cb6f20', stepId: 's1' },
      ],
    ]);
    expect(folder.histories[1].totals.reported).toMatchObject({
      inputTokens: 4466,
      cacheReadInputTokens: 236968,
    });
    const runs = json(
      'inspect',
      join(root, 'test/fixtures/real/smolagents/gpt-4o__code__gaia__2025-07-24.jsonl'),
    );
    expect(runs.histories).toHaveLength(32);
    expect(runs.histories[0]).toMatchObject({
      model: 'gpt-4o',
      outcome: 'answer Pineapple · expected Guava',
      totals: { reported: { inputTokens: 16946, outputTokens: 116 } },
    });
  });

  it('counts a fleet on helper threads as one thread counts it', () => {
    // The fleet is far under the size from which the CLI starts helpers: the threshold is lowered.
    const fleet = join(
      root,
      'test/fixtures/fleet/20251118_mini-v1.15.0_gemini-3-pro-preview/trajs',
    );
    const one = cli('inspect', fleet, '--json', '--jobs', '1');
    const helped = cliWith(
      { STEPSCOPE_COUNT_ON_HELPERS_FROM: '0' },
      'inspect',
      fleet,
      '--json',
      '--jobs',
      '2',
    );
    expect(one.code).toBe(0);
    expect(helped.stderr).toBe('');
    expect(JSON.parse(helped.stdout).histories).toHaveLength(30);
    expect(helped.stdout).toBe(one.stdout);
  });

  it("shows the compactions a Claude Code run recorded, with the file's and the reported figures", () => {
    const file = fixture('anthropic-claude-code/entireio-cli__checkpoint-b6f735fbac66.jsonl');
    const h = json('inspect', file).histories[0];
    expect(h.compactions).toHaveLength(2);
    expect(h.compactions[0]).toMatchObject({
      kind: 'recorded',
      stepId: 's135',
      stepIndex: 135,
      callBefore: 124,
      callAfter: 125,
      recordedAs: 'compact_boundary',
      trigger: 'auto',
      before: { tokens: 155_301, source: 'file' },
      after: { tokens: 44_664, source: 'reported' },
      dropped: 135,
      laterCalls: 85,
      summaryStart: expect.stringMatching(/^This session is being continued .{60,}…$/),
    });
    expect(h.compactions[1]).toMatchObject({
      callBefore: 209,
      callAfter: 210,
      trigger: 'auto',
      before: { tokens: 155_539, source: 'file' },
      after: { tokens: 51_805, source: 'reported' },
      dropped: 89,
      laterCalls: 11,
    });
    for (const c of h.compactions) {
      // Counted over the same per-step counts as the step rows.
      expect(c.summaryTokens).toBe(h.steps[c.stepIndex].tokens);
      expect(c.savedPerCall).toBe(c.droppedTokens - c.summaryTokens);
      expect(c.droppedTokens).toBeGreaterThan(c.summaryTokens);
    }
    const human = cli('inspect', file).stdout;
    expect(human).toMatch(
      /Recorded compaction \(compact_boundary, auto\) after call 124: 155,301 \(recorded in the file\) → 44,664 \(reported for call 125\) tokens; 135 steps dropped/,
    );
    for (const c of h.compactions) {
      expect(human).toContain(c.description);
      expect(human).toContain(`summary: ${c.summaryStart}`);
    }
  });

  it("shows pi's two compactions, and no compactions key for a run without any", () => {
    const file = fixture('pi/pi-mono__before-compaction.jsonl');
    const h = json('inspect', file).histories[0];
    expect(
      h.compactions.map((c: { kind: string; recordedAs: string; before: unknown }) => [
        c.kind,
        c.recordedAs,
        c.before,
      ]),
    ).toEqual([
      ['recorded', 'compaction', { tokens: 175_004, source: 'file' }],
      ['recorded', 'compaction', { tokens: 185_014, source: 'file' }],
    ]);
    expect(h.compactions[1]).toMatchObject({
      callBefore: 303,
      callAfter: 304,
      after: { tokens: 28_617, source: 'reported' },
      dropped: 139,
    });
    expect(h.compactions[0].trigger).toBeUndefined();
    const human = cli('inspect', file).stdout;
    expect(human).toContain(
      'Recorded compaction (compaction) after call 173: 175,004 (recorded in the file) → ',
    );
    for (const c of h.compactions) expect(human).toContain(c.description);
    const none = json('inspect', tau).histories[0];
    expect(none).not.toHaveProperty('compactions');
    expect(cli('inspect', tau).stdout).not.toMatch(/compaction/i);
  });

  it('exits non-zero with the file and position when nothing in it can be read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stepscope-'));
    const bad = join(dir, 'cut.json');
    writeFileSync(bad, '{"samples": [');
    const r = cli('inspect', bad);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'stepscope: cut.json: invalid JSON at line 1, column 14: the text ends early (truncated file?)\n',
    );
    expect(cli('inspect', join(dir, 'missing.json'))).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('cannot read'),
    });
  });

  it('prunes to the native format with fates, and re-reads its own output', () => {
    const out = json('prune', tau, '--strategy', 'keep-last-n-steps', '--params', '{"n": 3}');
    const fates = out.histories[0].fates.map((f: { fate: string }) => f.fate);
    expect(fates.filter((f: string) => f === 'removed')).toHaveLength(27);
    expect(out.histories[0].tokensAfter).toBeLessThan(out.histories[0].tokensBefore);
    const dir = mkdtempSync(join(tmpdir(), 'stepscope-'));
    writeFileSync(join(dir, 'pruned.json'), JSON.stringify(out.result));
    const again = json('inspect', join(dir, 'pruned.json'));
    expect(again.format).toBe('stepscope');
    expect(again.histories[0].totals.steps).toBe(15);
  });

  it('prints the messages the model would receive in a dialect', () => {
    const out = json('prune', tau, '--strategy', 'none', '--messages', 'anthropic');
    const messages = out.histories[0].messages as { role: string; content: { type: string }[] }[];
    expect(messages[0]).toEqual({
      role: 'system',
      content: [{ type: 'text', text: expect.stringContaining('airline') }],
    });
    const use = messages.findIndex((m) => m.content.some((b) => b.type === 'tool_use'));
    expect(messages[use + 1]?.content[0]?.type).toBe('tool_result');
  });

  it('replays per-call context tokens and the run total against none', () => {
    const out = json(
      'replay',
      tau,
      '--strategy',
      'strands-sliding-window',
      '--params',
      '{"windowSize": 10}',
    );
    const h = out.histories[0];
    expect(h.calls).toHaveLength(30);
    expect(h.totalInputTokens).toBeLessThan(h.baselineInputTokens);
    expect(
      h.calls.reduce((n: number, c: { contextTokens: number }) => n + c.contextTokens, 0),
    ).toBe(h.totalInputTokens);
    // The file names no model: no cost, and never another model's price (issue 21).
    expect(h.cost).toBeUndefined();
    expect(h.unpriced).toMatch(/names no model/);
    expect(h.paid).toEqual({ kind: 'none', reason: 'the file records no usage' });
    // With --model, priced as that model, prompt caching cheaper than without.
    const priced = json('replay', tau, '--strategy', 'strands-sliding-window', '--model', 'gpt-4o')
      .histories[0];
    expect(priced.cost.model).toBe('GPT-4o');
    expect(priced.cost.costUsd).toBeLessThan(priced.cost.uncachedCostUsd);
  });

  it('prices with --prices over the catalog, and says what was paid and how the file compares', () => {
    const mini = fixture(
      'mini-swe-agent/swebench-bash-only__gemini-3-pro-preview__django__django-12143.traj.json',
    );
    const out = json('inspect', mini).histories[0];
    // The file records its cost (info.model_stats.instance_cost): what was paid, to the cent.
    const raw = JSON.parse(readFileSync(mini, 'utf8'));
    expect(out.paid).toEqual({
      kind: 'recorded',
      usd: raw.info.model_stats.instance_cost,
      from: 'history.usage.costUsd',
    });
    expect(out.reconciliation.reportedCalls).toBe(27);
    expect(out.reconciliation.calls).toHaveLength(27);
    expect(out.reconciliation.explanations.join(' ')).toMatch(/Another tokenizer/);
    // Your prices change what a simulated run costs (input at $10/M: uncached = tokens × 10 / 1e6).
    const replayed = json(
      'replay',
      mini,
      '--strategy',
      'none',
      '--prices',
      '{"gemini-3-pro-preview": {"input": 10, "output": 0}}',
    ).histories[0];
    expect(replayed.cost.uncachedCostUsd).toBeCloseTo((replayed.totalInputTokens * 10) / 1e6, 9);
    expect(replayed.cost.model).toMatch(/Gemini 3 Pro/);
  });

  it('simulates a trigger and mode given in --params or as flags, the same either way', () => {
    const inParams = json(
      'replay',
      tau,
      '--strategy',
      'keep-last-n-steps',
      '--params',
      '{"n": 4, "trigger": {"kind": "step-count", "threshold": 12}, "mode": "in-place"}',
    );
    const asFlags = json(
      'replay',
      tau,
      '--strategy',
      'keep-last-n-steps',
      '--params',
      '{"n": 4}',
      '--trigger',
      '{"kind": "step-count", "threshold": 12}',
      '--mode',
      'in-place',
    );
    expect(asFlags.histories).toEqual(inParams.histories);
    expect(inParams.run.description).toBe('in place, when the history holds more than 12 steps');
    const h = inParams.histories[0];
    // In place, the history regrows between prunes: some calls see more than the one before a prune.
    expect(h.applications).toBeGreaterThan(1);
    expect(h.calls.some((c: { applied: boolean }) => c.applied)).toBe(true);
    expect(h.totalInputTokens).toBeLessThan(h.baselineInputTokens);
  });

  it("keeps a strategy's own `mode` in --params as its parameter; the run mode is then --mode", () => {
    const replay = (params: string, ...flags: string[]) =>
      json('replay', tau, '--strategy', 'summarize-plan-steps', '--params', params, ...flags);
    // summarize-plan-steps' mode: `manual` compacts nothing without overrides, `all-completed`
    // compacts every completed task (tau-bench has no plan, so tasks are its plan steps).
    const manual = replay('{"mode": "manual"}');
    expect(manual.histories[0].totalInputTokens).toBe(manual.histories[0].baselineInputTokens);
    const all = replay('{"mode": "all-completed"}');
    expect(all.histories[0].totalInputTokens).toBeLessThan(all.histories[0].baselineInputTokens);
    const inPlace = replay('{"mode": "all-completed"}', '--mode', 'in-place');
    expect(inPlace.run.description).toBe('in place, before every call');
    // "recorded" in --params runs a strategy instead of the run's own compactions; a bad value is named.
    const instead = json(
      'replay',
      tau,
      '--strategy',
      'none',
      '--params',
      '{"recorded": "replace"}',
    );
    expect(instead.run.description).toBe(
      "stateless, before every call, instead of the run's own compactions",
    );
    const bad = cli('replay', tau, '--strategy', 'none', '--params', '{"recorded": "skip"}');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('recorded: expected one of honour, replace');
  });

  it('reads files as the app does: a byte-order mark and UTF-16 load, text and deep nesting get one line naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stepscope-bad-'));
    const text = readFileSync(tau, 'utf8');
    writeFileSync(join(dir, 'bom.json'), `\uFEFF${text}`);
    writeFileSync(join(dir, 'utf16.json'), Buffer.from(`\uFEFF${text}`, 'utf16le'));
    writeFileSync(join(dir, 'notes.txt'), 'hello world\n');
    writeFileSync(
      join(dir, 'deep.json'),
      `[{"role": "user", "content": ${'['.repeat(2_000)}${']'.repeat(2_000)}}]`,
    );
    const plain = json('inspect', tau).histories[0].totals;
    expect(json('inspect', join(dir, 'bom.json')).histories[0].totals).toEqual(plain);
    expect(json('inspect', join(dir, 'utf16.json')).histories[0].totals).toEqual(plain);
    for (const [file, message] of [
      [
        'notes.txt',
        "stepscope: notes.txt: invalid JSON at line 1, column 1: unexpected 'h' at the start (not a JSON file?)\n",
      ],
      [
        'deep.json',
        `stepscope: deep.json: the JSON nests more than 500 levels deep (at /0/content${'/0'.repeat(25)}…); Stepscope reads up to 500\n`,
      ],
    ]) {
      const r = cli('inspect', join(dir, file as string));
      expect([r.code, r.stdout, r.stderr]).toEqual([1, '', message]);
    }
  });

  it.each([
    [['inspect', '/nope.json'], 2, 'stepscope: cannot read /nope.json: ENOENT'],
    // compare starts its worker threads before it reads: a path it cannot read still ends the run.
    [
      ['compare', '/nope', '--strategies', 'tinyagent-last-5', '--jobs', '2'],
      2,
      'stepscope: cannot read /nope: ENOENT',
    ],
    [
      ['compare', tau, '--pair', '/nope', '--strategies', 'tinyagent-last-5', '--jobs', '2'],
      2,
      'stepscope: cannot read /nope: ENOENT',
    ],
    [['replay', tau], 2, 'stepscope: replay: missing --strategy <id>'],
    [
      ['replay', tau, '--strategy', 'nope'],
      1,
      'stepscope: Unknown strategy "nope". Known: none, keep-last-n-steps',
    ],
    [
      ['prune', tau, '--strategy', 'keep-last-n-steps', '--params', '{"n": -1}'],
      1,
      'stepscope: Invalid parameters for keep-last-n-steps: n: ',
    ],
    [
      ['prune', tau, '--strategy', 'none', '--params', '{bad'],
      2,
      'stepscope: --params is not valid JSON: {bad',
    ],
    [
      ['replay', tau, '--strategy', 'keep-last-n-steps', '--params', '{"keep_last_n": 3}'],
      1,
      'stepscope: Invalid parameters for keep-last-n-steps: unknown key "keep_last_n" (expected: n)',
    ],
    [
      ['replay', tau, '--strategy', 'prune-old-observations', '--params', '{"bogus": 1}'],
      1,
      'stepscope: Invalid parameters for prune-old-observations: unknown key "bogus" (expected: keepLastN, maxLength, recordMaxLength, placeholder)',
    ],
    [
      ['inspect', tau, '--prices', '{"gpt-4o": {"input": 2.5, "cachedInput": 1}}'],
      1,
      'stepscope: prices for "gpt-4o": unknown key "cachedInput" (expected: input, output, cacheRead, cacheWrite, cacheWrite1h, contextWindow)',
    ],
    [['inspect', tau, '--prices', '{bad'], 2, 'stepscope: --prices is not valid JSON: {bad'],
    [
      ['replay', tau, '--strategy', 'none', '--trigger', '{"kind": "step-count", "treshold": 3}'],
      1,
      'stepscope: trigger step-count: unknown key "treshold" (expected: kind, threshold, onOverflow)',
    ],
    [
      ['replay', tau, '--strategy', 'none', '--mode', 'inplace'],
      1,
      'stepscope: mode: expected one of stateless, in-place',
    ],
    [['frobnicate', tau], 2, 'stepscope: unknown command "frobnicate"'],
    [
      ['inspect', join(root, 'package.json')],
      1,
      'stepscope: package.json: not a format Stepscope reads',
    ],
  ])('%j exits %i with one line on stderr', (args, code, message) => {
    const r = cli(...(args as string[]));
    expect(r.code).toBe(code);
    expect(r.stdout).toBe('');
    expect(r.stderr.startsWith(message)).toBe(true);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
