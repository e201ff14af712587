/**
 * Commands an agent issued in its text instead of as recorded tool calls: SWE-agent without function
 * calling and mini-swe-agent's text-based models write the command in a fenced block of the reply,
 * and the environment's output comes back as the next user message (lib/import/observation-style.ts
 * keeps the reply as the action's text and that message as its observation). The step keeps the
 * text as sent; this reads the command the framework itself parsed out of it, so rows, the tool
 * filter and the totals can count it as the call it was.
 */
import type { ActionStep, Step } from './types';

export interface TextCommand {
  /** What the row names: the command's first word for SWE-agent, `bash` for mini-swe-agent. */
  readonly tool: string;
  /** The command as the framework ran it. */
  readonly command: string;
  /** The command ran and its output says it failed (mini-swe-agent's `<returncode>` past 0). */
  readonly failed: boolean;
}

/**
 * SWE-agent's `ThoughtActionParser` (sweagent/tools/parsing.py): the action is the last top-level
 * fenced block. An opening fence is ``` with an optional word and a line break, a closing fence is
 * ``` alone on its line; a bare ``` closes when a block is open and opens otherwise.
 */
function lastFencedBlock(text: string): string | undefined {
  const fence = /^```(\S*)\s*\n|^```\s*$/gm;
  const open: RegExpExecArray[] = [];
  let last: string | undefined;
  for (let m = fence.exec(text); m !== null; m = fence.exec(text)) {
    const closing = m[1] === undefined || m[1] === '';
    if (open.length > 0 && closing) {
      const start = open.pop();
      if (start && open.length === 0) last = text.slice(start.index + start[0].length, m.index);
    } else if (m[1] !== undefined) open.push(m);
  }
  return last;
}

/**
 * mini-swe-agent's `action_regex` (```bash in 1.x, ```mswea_bash_command in 2.x), which must match
 * exactly once: any other count is a format error, answered by the framework, and nothing ran.
 */
function miniSweCommand(text: string): string | undefined {
  const blocks = [...text.matchAll(/```(?:bash|mswea_bash_command)\s*\n([\s\S]*?)\n```/g)];
  return blocks.length === 1 ? blocks[0]?.[1] : undefined;
}

/** mini-swe-agent's `action_observation_template` opens with the command's exit status. */
function exitStatus(observation: string | undefined): number | undefined {
  const m =
    observation === undefined ? null : /^\s*<returncode>(-?\d+)<\/returncode>/.exec(observation);
  return m ? Number(m[1]) : undefined;
}

function readCommand(step: ActionStep): TextCommand | undefined {
  const text = step.modelOutput;
  if (text === undefined || step.toolCalls.length > 0) return undefined;
  switch (step.source?.format) {
    case 'swe-agent': {
      const command = lastFencedBlock(text)?.trim();
      if (!command) return undefined;
      return { tool: command.split(/\s+/)[0] ?? command, command, failed: false };
    }
    case 'mini-swe-agent': {
      const command = miniSweCommand(text)?.trim();
      if (!command) return undefined;
      const status = exitStatus(step.observation);
      return { tool: 'bash', command, failed: status !== undefined && status !== 0 };
    }
    default:
      return undefined;
  }
}

const commands = new WeakMap<Step, TextCommand | null>();

/** The command an action issued in its text, when its format puts commands there (read once per step). */
export function textCommandOf(step: Step): TextCommand | undefined {
  if (step.kind !== 'action') return undefined;
  let found = commands.get(step);
  if (found === undefined) commands.set(step, (found = readCommand(step) ?? null));
  return found ?? undefined;
}
