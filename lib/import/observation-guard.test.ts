/**
 * The import-wide check for tool output read as user turns (issue 21): it fires on a mini-swe-agent
 * 1.x run read the old way (its outputs as user turns), names the steps, looks into sub-agents, and
 * stays quiet on runs whose outputs are read or that have none to read. That no real fixture sets it
 * off is checked in test/observations.property.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { History, Step } from '../model/types';
import { importText } from './index';
import { missingOutputWarnings } from './observation-guard';

const trajectory = readFileSync(
  new URL(
    '../../test/fixtures/real/mini-swe-agent/swebench-bash-only__gemini-3-pro-preview__pylint-dev__pylint-7277.traj.json',
    import.meta.url,
  ),
  'utf8',
);

const at = (n: number) => ({ id: `s${n}`, stepNumber: n });
const task = (n: number, text: string): Step => ({ ...at(n), kind: 'task', task: text });
const said = (n: number, text: string, extra: object = {}): Step => ({
  ...at(n),
  kind: 'action',
  toolCalls: [],
  isFinal: false,
  modelOutput: text,
  ...extra,
});
const run = (steps: Step[], children: History['children'] = []): History => ({
  id: 'r',
  title: 'run',
  steps,
  ...(children.length ? { children } : {}),
});

describe('missingOutputWarnings', () => {
  it('fires on a mini-swe-agent 1.x run read the old way, naming the steps', () => {
    // Without its format marker the file reads as a chat request body: every output a user turn.
    const { trajectory_format: _marker, ...rest } = JSON.parse(trajectory) as Record<
      string,
      unknown
    >;
    const old = importText(JSON.stringify(rest), 'old.json');
    expect(old.format).toBe('openai-messages');
    expect(old.warnings.map((w) => w.message)).toContain(
      'old.json: the agent issues commands or tool calls from step 2 on, but no tool output was found: outputs may have been read as user turns (task steps from step 3 on), so observation-pruning strategies would save nothing',
    );
    const read = importText(trajectory, 'new.json');
    expect(read.warnings.filter((w) => w.message.includes('no tool output'))).toEqual([]);
  });

  it('looks at tool calls and sub-agents, and names the run', () => {
    const calling: Step = {
      ...at(1),
      kind: 'action',
      toolCalls: [{ id: 'c', name: 'search', arguments: {} }],
      isFinal: false,
    };
    const child = run([task(0, 'look'), calling, task(2, '{"hits": 3}')]);
    expect(
      missingOutputWarnings([
        run(
          [task(0, 'go'), said(1, 'ok')],
          [{ parentStepId: 's1', history: { ...child, title: 'helper' } }],
        ),
      ]).map((w) => w.message),
    ).toEqual([
      'run › helper: the agent issues commands or tool calls from step 1 on, but no tool output was found: outputs may have been read as user turns (task steps from step 2 on), so observation-pruning strategies would save nothing',
    ]);
  });

  it('stays quiet when outputs are read, when nothing follows the commands, and on plain chat', () => {
    const command = 'Run it:\n\n```bash\nls\n```';
    expect(
      missingOutputWarnings([
        run([task(0, 'go'), said(1, command, { observation: 'a.py' }), task(2, 'thanks')]),
        run([task(0, 'go'), said(1, command)]),
        run([
          task(0, 'hi'),
          said(1, 'Here is Python:\n\n```python\nprint(1)\n```'),
          task(2, 'thanks'),
        ]),
      ]),
    ).toEqual([]);
  });
});
