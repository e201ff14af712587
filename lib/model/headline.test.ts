import { describe, expect, it } from 'vitest';
import { importFixture } from '../../test/cases';
import { sampleRun } from '../../test/samples';
import { formatCall, headlineOf, headlineText, isErrorRow } from './headline';
import { previewHistory } from './preview';
import { hasError } from './steps';
import type { History, Step } from './types';

const rows = (steps: readonly Step[]) => steps.map((s) => headlineText(headlineOf(s)));

function firstRun(path: string): History {
  const run = importFixture(path).histories[0];
  if (!run) throw new Error(`${path} has no run`);
  return run;
}

describe('headlines on real runs', () => {
  it("a Claude Code sub-agent's rows say the command or the path, and the Task call its description", () => {
    const parent = firstRun('real/anthropic-claude-code/cc_claude_p_29ccd257');
    expect(rows(parent.steps)[1]).toBe('Task: Explore codebase structure');
    const child = parent.children?.[0]?.history;
    const lines = rows(child?.steps ?? []);
    expect(lines[1]).toBe(
      'Bash: find /workspace/claude-code-log -type f -name "*.md" | head -20 · Bash: ls -la /workspace/claude-code-log',
    );
    // A parallel call is several, each a path: long ones keep their last three segments.
    expect(lines[5]).toBe(
      'Read: …/claude-code-log/claude_code_log/converter.py · Read: …/claude-code-log/claude_code_log/renderer.py',
    );
    // No row is a bare list of tool names any more.
    expect(lines.filter((l) => /^(Bash|Read)(, (Bash|Read))+$/.test(l))).toEqual([]);
  });

  it('a tau-bench action names its call with its arguments', () => {
    const run = sampleRun('tau-bench-airline-task3.json');
    const lines = rows(run.steps);
    expect(lines[6]).toBe('get_user_details(user_id: "sofia_kim_7287")');
    expect(lines[16]).toBe(
      'search_direct_flight(origin: "DEN", destination: "IAH", date: "2024-05-27")',
    );
    expect(lines[27]).toBe(
      'update_reservation_flights(reservation_id: "OBUT9V", cabin: "economy", flights: […], payment_id: "gift_card_7480005")',
    );
    expect(lines[5]).toBe("Sure, it's sofia_kim_7287.");
  });

  it("SWE-agent's commands in its replies are the rows' calls, one per command", () => {
    const run = firstRun(
      'real/swe-agent/replay__marshmallow-code__marshmallow-1867__default___install_from_source__marshmallow-code__marshmallow-1867.traj',
    );
    const calls = run.steps.flatMap((s) => headlineOf(s).calls);
    expect(calls).toHaveLength(14);
    expect(calls.map(formatCall).slice(0, 5)).toEqual([
      'ls -F',
      'open setup.py',
      'pip install -e .[dev]',
      'create reproduce.py',
      'edit 1:1 …',
    ]);
    expect(calls.map((c) => c.name)).toContain('submit');
    // Its function-calling runs record the calls themselves.
    const fc = firstRun('real/swe-agent/function_calling_simple.traj');
    expect(rows(fc.steps).slice(2)).toEqual([
      'find_file: missing_colon.py',
      'open: tests/missing_colon.py',
      'edit(search: "def division(a: float, b: float) -> flo…", replace: "def division(a: float, b: float) -> flo…")',
      'bash: python tests/missing_colon.py',
      'submit()',
    ]);
  });

  it("mini-swe-agent's commands are bash calls, a non-zero exit status marks the row", () => {
    const run = firstRun(
      'real/mini-swe-agent/swebench-bash-only__gemini-3-pro-preview__django__django-12143.traj.json',
    );
    const lines = rows(run.steps);
    expect(lines[2]).toBe('bash: ls -F django/contrib/admin/options.py');
    expect(lines[6]).toBe('bash: python3 reproduce_issue.py · error: exit status 1');
    expect(isErrorRow(run.steps[6] as Step)).toBe(true);
  });

  it('smolagents: the code it ran, and a reply it could not parse as an error with its first line', () => {
    const run = firstRun('real/smolagents/gpt-4o__code__gaia__2025-07-24.jsonl');
    const lines = rows(run.steps);
    expect(lines[2]).toBe(
      'Guava</code> · error: Error in code parsing: Your code snippet is invalid, because the regex pattern <code>(.*?)</code> was not found in it.',
    );
    expect(lines[6]).toBe('python_interpreter: print("Pineapple")');
    expect(run.steps.flatMap((s) => headlineOf(s).calls)).toHaveLength(2);
    expect(run.steps.filter(isErrorRow)).toHaveLength(5);
  });

  it("Inspect: tool output whose call the log trimmed says so, with the tool's error", () => {
    const run = firstRun('real/inspect-ai/log_tool_call_error.json');
    const lines = rows(run.steps);
    expect(lines[1]).toBe('Tool output: ... · error: timeout: ...');
    expect(lines.filter((l) => l.includes('(empty)'))).toEqual([]);
    expect(run.steps.filter(isErrorRow)).toHaveLength(11);
  });

  it('OpenHands: the command a call ran, an editor command with its path', () => {
    const v1 = firstRun('real/openhands/openhands-benchmarks__v1_condensed_3f3d5850');
    expect(rows(v1.steps).slice(3, 6)).toEqual([
      'str_replace_editor: view /tmp/tmpf25j40i4/sphinx',
      'str_replace_editor: view /tmp/tmpf25j40i4/sphinx/README.rst',
      'execute_bash: cd /tmp/tmpf25j40i4/sphinx && python -m pytest --version',
    ]);
    // The discriminator OpenHands V1 writes into every action is not an argument worth a row.
    expect(rows(v1.steps)[2]).toBe('think(thought: "Let me analyze the issue description: …")');
  });

  it('marks a row as an error exactly when the step records one (or its command failed)', () => {
    for (const path of [
      'real/anthropic-claude-code/cc_me-next_b25638d7.jsonl',
      'real/pi/pi-mono__before-compaction.jsonl',
      'real/openai-chat/tau-bench__tool-calling-grok-3.json',
    ]) {
      for (const run of importFixture(path).histories)
        for (const s of run.steps) expect(isErrorRow(s), s.id).toBe(hasError(s));
    }
  });

  it('reads the same from the preview of a large run as from the run', () => {
    for (const path of [
      'real/swe-agent/replay__marshmallow-code__marshmallow-1867__default___install_from_source__marshmallow-code__marshmallow-1867.traj',
      'real/mini-swe-agent/swebench-bash-only__gemini-3-pro-preview__django__django-12143.traj.json',
      'real/anthropic-claude-code/cc_me-next_b25638d7.jsonl',
    ]) {
      const run = firstRun(path);
      const preview = previewHistory(run, 300);
      expect(preview.steps.some((s) => s.preview)).toBe(true);
      expect(preview.steps.map((s) => headlineOf(s).calls)).toEqual(
        run.steps.map((s) => headlineOf(s).calls),
      );
      expect(preview.steps.map(isErrorRow)).toEqual(run.steps.map(isErrorRow));
    }
  });
});
