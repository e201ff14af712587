/**
 * One real file of every format family opened in Chromium the way a user opens it (a file, or a
 * folder for formats stored as folders): it loads with no error, shows its first history's steps,
 * and lists the importer's warnings. The expected counts come from the same importer run in Node.
 * Formats with no real file to copy whole are opened from their documented derived fixtures.
 */
import { expect, test } from '@playwright/test';
import { statSync } from 'node:fs';
import path from 'node:path';
import { reportedUsage } from '../lib/model/usage';
import { expected, FIXTURES, SHOTS } from './expected';
import { openFirstRun, settleOnRun } from './open-run';

const FAMILIES: [family: string, rel: string][] = [
  [
    'Claude Code (JSONL with sidechains)',
    'real/anthropic-claude-code/claude-code-log__sidechain.jsonl',
  ],
  ['smolagents (GAIA repr steps)', 'real/smolagents/GAIA_code_o1_27-01_text.jsonl'],
  ['smolagents (message bus)', 'real/smolagents/decentralized_run_6099fee2_messages.jsonl'],
  ['Strands (scenarios)', 'real/strands/strands-evals__strands_agent_skills.json'],
  ['Strands (Langfuse trace)', 'real/strands/langfuse_trace_strands_agent.json'],
  ['OpenAI chat (tau-bench runs)', 'real/openai-chat/tau-bench__tool-calling-grok-3.json'],
  ['OpenAI Responses / Codex', 'real/openai-responses-codex/codex_session_rollout.json'],
  ['SWE-agent', 'real/swe-agent/function_calling_simple.traj'],
  ['mini-swe-agent', 'real/mini-swe-agent/github_issue.traj.json'],
  ['OpenHands (session folder)', 'real/openhands/session_63b4315947a049e2b7a51249b3d4fcc3'],
  ['OpenTelemetry GenAI', 'real/otel-genai/openai_agents_genai_live_spans.json'],
  ['OpenInference', 'real/otel-genai/smolagents_live_spans.json'],
  ['Inspect AI', 'real/inspect-ai/log_images_tc.json'],
  ['tinyAgent', 'real/tinyagent/rust_binding_full_run.json'],
  ['Inspect AI (.eval zip)', 'derived/inspect_tool_call_error.eval'],
  ['Gemini CLI', 'derived/gemini-cli__entire_attribution_session.json'],
  ['Gemini CLI history (/chat share)', 'real/gemini-cli/gemini-cli__trajectory.json'],
  ['Qwen Code', 'real/qwen-code/splitrail__qwen_code.jsonl'],
  ['Factory Droid', 'real/droid/agent-sessions__stage0_droid_large.jsonl'],
  ['pi', 'derived/pi__large-session_first-6-lines.jsonl'],
  ['OpenHands V1', 'derived/openhands-v1__real_events_lines-2-5.jsonl'],
  ['OpenHands resolver', 'derived/openhands-resolver__output_line-1.jsonl'],
  ['Letta agent file', 'derived/letta__outreach_workflow_agent.af'],
  ['Anthropic Messages request', 'derived/anthropic_request_cc_small.json'],
  ['Cline (task folder)', 'derived/cline/cc_me-next_b25638d7'],
  ['Aider', 'derived/aider__chat-history_2024-08-05.md'],
  ['OpenTelemetry without text', 'derived/openai_agents_spans_no_content.json'],
  ['Claude Agent SDK spans (ADOT)', 'derived/strands-evals__claude_adot_spans.json'],
  ['OpenCode (storage folder)', 'real/opencode/agent-sessions__storage_v2'],
  ['GitHub Copilot CLI', 'real/copilot-cli/agent-sessions__subdir_v1_events.jsonl'],
  ['Kimi Code', 'real/kimi-code/agent-sessions__kimi_assistant_tools.jsonl'],
];

for (const [family, rel] of FAMILIES) {
  test(`opens ${family}: ${rel}`, async ({ page }) => {
    const want = expected(rel);
    const first = want.histories[0];
    if (!first) throw new Error(`${rel} has no history`);
    await page.goto('/');
    const full = path.join(FIXTURES, rel);
    const input = statSync(full).isDirectory()
      ? page.getByLabel('Choose a history folder')
      : page.getByLabel('Choose a history file');
    await input.setInputFiles(full);
    if (want.histories.length > 1) await openFirstRun(page, want.histories.length);
    await expect(
      page
        .getByRole('region', { name: 'Timeline' })
        .getByText(`Timeline · ${first.steps.length} step${first.steps.length === 1 ? '' : 's'}`, {
          exact: true,
        }),
    ).toBeVisible();
    await expect(page.getByRole('alert', { name: 'File error' })).toHaveCount(0);
    if (want.shownWarnings > 0)
      await expect(page.getByText(`${want.shownWarnings} import warning(s)`)).toBeVisible();
    await expect(page.getByRole('note', { name: 'Message text not recorded' })).toHaveCount(
      first.meta?.messageText === 'not recorded' ||
        (first.children ?? []).some((c) => c.history.meta?.messageText === 'not recorded')
        ? 1
        : 0,
    );
    if (reportedUsage(first))
      await expect(page.getByRole('region', { name: 'Run totals' })).toContainText(
        'Reported by the file:',
      );
    if (want.histories.length > 1)
      await expect(page.getByLabel('Run', { exact: true }).locator('option')).toHaveCount(
        want.histories.length,
      );
    await page.screenshot({
      path: path.join(SHOTS, `family-${path.basename(rel).replace(/\W+/g, '-')}.png`),
      fullPage: true,
    });
  });
}

test('every bundled example opens from the start page, folder examples included', async ({
  page,
}) => {
  await page.goto('/');
  await page.screenshot({ path: path.join(SHOTS, '00-start-page.png'), fullPage: true });
  const examples: [name: string, steps: number][] = [
    ['Claude Code session with a sub-agent', 3],
    [
      'smolagents GAIA benchmark',
      expected('real/smolagents/gpt-4o__code__gaia__2025-07-24.jsonl').histories[0]?.steps.length ??
        -1,
    ],
    ['SWE-agent fixing marshmallow #1867', 16],
    ['OpenHands session', 6],
    ['Strands agent in Langfuse', 5],
    ['OpenAI Agents with two specialists', 5],
  ];
  for (const [name, steps] of examples) {
    await page.goto('/');
    await page.getByRole('button', { name: `Load example: ${name}` }).click();
    await settleOnRun(page);
    await expect(
      page.getByRole('region', { name: 'Timeline' }).getByText(`Timeline · ${steps} steps`),
    ).toBeVisible();
    await expect(page.getByRole('alert', { name: 'File error' })).toHaveCount(0);
  }
  // A folder example is shared by its URL like any other.
  await expect(page).toHaveURL(/sample=openai-agents-otel-spans/);
  await page.goto('/?sample=claude-code-subagent');
  await expect(page.getByRole('region', { name: 'Timeline' }).getByText('⤷ sub-agent')).toHaveCount(
    1,
  );
});
