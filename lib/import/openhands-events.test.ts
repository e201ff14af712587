/**
 * OpenHands V0 CondensationActions (`"action": "condensation"`) as recorded compactions. No licensed
 * V0 event stream holding one was found (see the commit), so these are inline records in the shape
 * openhands `events/serialization/event.py` writes, not a fixture.
 */
import { describe, expect, it } from 'vitest';
import { contextEvents, recordedView } from '../simulate/recorded';
import { importEvents } from './openhands-events';

const run = (id: number, command: string) => ({
  id,
  source: 'agent',
  action: 'run',
  args: { command, thought: '' },
  tool_call_metadata: { tool_call_id: `call_${id}`, function_name: 'execute_bash' },
});
const output = (id: number, cause: number) => ({
  id,
  source: 'environment',
  observation: 'run',
  content: `output of ${cause}`,
  cause,
  extras: { exit_code: 0 },
});

describe('OpenHands V0 condensations', () => {
  const events = [
    { id: 0, source: 'agent', action: 'system', args: { content: 'You are OpenHands.' } },
    { id: 1, source: 'user', action: 'message', args: { content: 'Fix the bug.' } },
    run(2, 'ls'),
    output(3, 2),
    run(4, 'cat a.py'),
    output(5, 4),
    { id: 6, source: 'environment', action: 'condensation_request', args: {} },
    {
      id: 7,
      source: 'agent',
      action: 'condensation',
      args: {
        forgotten_event_ids: null,
        forgotten_events_start_id: 2,
        forgotten_events_end_id: 3,
        summary: 'Listed the files.',
        summary_offset: 2,
      },
    },
    run(8, 'pytest'),
    output(9, 8),
    {
      id: 10,
      source: 'agent',
      action: 'condensation',
      args: { forgotten_event_ids: [4, 5], summary: 'Read a.py; tests fail.', summary_offset: 2 },
    },
    { id: 11, source: 'agent', action: 'condensation', args: { forgotten_event_ids: [8] } },
    run(12, 'git diff'),
  ];
  const { steps } = importEvents(events, 'inline.json', (i) => `/${i}`);
  const list = steps.markFinal();

  it('reads each condensation as a summary step where it was recorded, a request as nothing', () => {
    expect(list.map((s) => s.kind)).toEqual([
      'system-prompt',
      'task',
      'action',
      'action',
      'summary',
      'action',
      'summary',
      'summary',
      'action',
    ]);
    const summaries = list.flatMap((s) => (s.kind === 'summary' ? [s] : []));
    expect(summaries.map((s) => [s.content, s.replaces, s.compaction])).toEqual([
      ['Listed the files.', ['s2'], { recordedAs: 'condensation' }],
      // Only the latest summary is in view: the second replaces the first.
      ['Read a.py; tests fail.', ['s3', 's4'], { recordedAs: 'condensation' }],
      // Forgetting without a summary keeps the latest summary.
      ['', ['s5'], { recordedAs: 'condensation' }],
    ]);
  });

  it('replays without the forgotten steps and with only the latest summary', () => {
    const ids = recordedView(list, contextEvents(list), list.length).map((s) => s.id);
    expect(ids).toEqual(['s0', 's1', 's6', 's7', 's8']);
  });
});
