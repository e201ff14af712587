/**
 * A check every import passes (types.ts `defineImporter`): a run whose agent issues commands (a
 * fenced shell block in the model's text) or tool calls, with user turns after the first of them
 * but no step holding a tool's output (an observation or a tool result), was most likely read with
 * the outputs as user turns: the mistake issue 21 found in mini-swe-agent 1.x trajectories, where
 * every observation-pruning strategy then saved nothing without saying why. Each such run (and
 * sub-agent) gets a warning naming the steps.
 */
import type { History, Step } from '../model/types';

/** A fenced block an agent runs as a shell command (mini-swe-agent, SWE-agent's bash tool, Aider's). */
const COMMAND_BLOCK = /```(?:bash|sh|shell|zsh|console|mswea_bash_command)[ \t]*\r?\n/;

function issuesCommands(s: Step): boolean {
  return (
    s.kind === 'action' &&
    (s.toolCalls.length > 0 || (s.modelOutput !== undefined && COMMAND_BLOCK.test(s.modelOutput)))
  );
}

function holdsOutput(s: Step): boolean {
  return (
    s.kind === 'action' &&
    (s.observation !== undefined || s.toolCalls.some((c) => c.result !== undefined))
  );
}

function check(h: History, name: string, out: { message: string }[]): void {
  const first = h.steps.find(issuesCommands);
  // The misreading's signature: user turns after the first command, and no output anywhere. A run
  // with no user turn after its calls just has no outputs in the file (an excerpt, spans without
  // content): other warnings say so, and nothing was read as a user turn.
  const task = first
    ? h.steps.find((s) => s.kind === 'task' && s.stepNumber > first.stepNumber)
    : undefined;
  if (first && task && !h.steps.some(holdsOutput))
    out.push({
      message: `${name}: the agent issues commands or tool calls from step ${first.stepNumber} on, but no tool output was found: outputs may have been read as user turns (task steps from step ${task.stepNumber} on), so observation-pruning strategies would save nothing`,
    });
  for (const c of h.children ?? [])
    check(c.history, `${name} › ${c.history.title ?? c.history.id}`, out);
}

/** A warning per run (and sub-agent) that issues commands or tool calls with no output in it. */
export function missingOutputWarnings(histories: readonly History[]): { message: string }[] {
  const out: { message: string }[] = [];
  for (const h of histories) check(h, h.title ?? h.id, out);
  return out;
}
