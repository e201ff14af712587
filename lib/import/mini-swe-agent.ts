/**
 * mini-swe-agent trajectories (SWE-agent/mini-swe-agent; ../shared/fixtures/MANIFEST.md
 * "mini-swe-agent"):
 * - `{trajectory_format: "mini-swe-agent-1" | "mini-swe-agent-1.1", info, messages}` (1.x and 2.x,
 *   the public SWE-bench bash-only submissions among them): read by mini-swe-agent-v2.ts;
 * - bare lists `[{role, content}]` (its test data): the command in a ```mswea_bash_command``` block
 *   of the assistant text, its output (`<returncode>…</returncode><output>…`) in the next user message.
 * Either way a tool's output is the action's observation or its call's result, never a user turn.
 */
import { z } from 'zod';
import { importTrajectory, trajectory } from './mini-swe-agent-v2';
import { addObservationStyle } from './observation-style';
import { defineImporter, parsedBy } from './types';
import { isRecord, StepList } from './util';

const bareList = z
  .array(z.object({ role: z.enum(['system', 'user', 'assistant', 'exit']), content: z.string() }))
  .min(2);

function isBareList(value: unknown): boolean {
  const parsed = parsedBy(bareList, value);
  return (
    parsed !== undefined &&
    parsed.some(
      (m) =>
        (m.role === 'assistant' && m.content.includes('```mswea_bash_command')) ||
        (m.role === 'user' && m.content.includes('<returncode>')),
    )
  );
}

export const miniSweAgentImporter = defineImporter({
  id: 'mini-swe-agent',
  label: 'mini-swe-agent trajectory',
  near: { sniff: (v) => isRecord(v) && 'trajectory_format' in v, schema: trajectory },
  detect: (
    value,
  ):
    { trajectory: z.infer<typeof trajectory> } | { list: z.infer<typeof bareList> } | undefined => {
    const t = parsedBy(trajectory, value);
    if (t) return { trajectory: t };
    return isBareList(value) ? { list: bareList.parse(value) } : undefined;
  },
  import(parsed, fileName) {
    if ('trajectory' in parsed) {
      const { history, warnings } = importTrajectory(parsed.trajectory, fileName);
      return { file: { histories: [history] }, warnings };
    }
    const list = new StepList({ format: 'mini-swe-agent', file: fileName });
    addObservationStyle(
      list,
      parsed.list.map((m, i) => ({
        role: m.role === 'exit' ? 'user' : m.role,
        text: m.content,
        pointer: `/${i}`,
      })),
    );
    return {
      file: {
        histories: [
          { id: fileName, title: fileName, format: 'mini-swe-agent', steps: list.markFinal() },
        ],
      },
      warnings: list.warnings,
    };
  },
});
