/**
 * Codex rollouts record a compaction as a `compacted` line (issue 22 item 3). Pinned on
 * jazzyalex/agent-sessions' stage0 Codex fixture (an upstream test fixture, synthetic: no licensed
 * rollout from a real run with a compaction was found), read the way the app reads it.
 *
 * The numbers were read from the raw file with python (`json.loads` per line): `compacted` lines at
 * 25, 46, 68, 80, 88 and 110 (0-based); line 25's message is '' with a one-message
 * replacement_history, the others' message is '[trimmed for fixture]'; the `token_count` events
 * with a `last_token_usage` are line 21 (input_tokens 16341, cached_input_tokens 3584) and line 86
 * (all zeros), so the one call before the first compaction saw 16341 input tokens and the first
 * after it reported 0.
 */
import { describe, expect, it } from 'vitest';
import type { Step, SummaryStep } from '../lib/model/types';
import { promptTokensOf } from '../lib/model/usage';
import { contextEvents, recordedView } from '../lib/simulate/recorded';
import { importFixture } from './cases';

const FILE = 'real/openai-responses-codex/agent-sessions__stage0_codex_small.jsonl';

const steps = (): Step[] => {
  const r = importFixture(FILE);
  expect(r.histories).toHaveLength(1);
  return [...(r.histories[0]?.steps ?? [])];
};
const isCall = (s: Step) => s.kind === 'action' && s.usage !== undefined;

describe('Codex compacted lines', () => {
  it('are six summary steps where the file compacted, after the calls made before them', () => {
    const all = steps();
    const summaries = all.flatMap((s, i) => (s.kind === 'summary' ? [i] : []));
    expect(summaries).toEqual([3, 5, 6, 7, 8, 11]);
    expect(summaries.map((i) => all.slice(0, i).filter(isCall).length)).toEqual([1, 2, 2, 2, 2, 2]);
    for (const i of summaries) {
      const s = all[i] as SummaryStep;
      expect(s.origin).toBe('model');
      // Codex writes no token counts or trigger on the compacted line.
      expect(s.compaction).toEqual({ recordedAs: 'compacted' });
    }
    expect((all[3] as SummaryStep).content).toBe('');
    expect((all[5] as SummaryStep).content).toBe('[trimmed for fixture]');
  });

  it('replace what the replacement history no longer holds', () => {
    const all = steps();
    const replaced = (i: number) => (all[i] as SummaryStep).replaces;
    // Line 25 kept one user message, not the task, the calls or the answer before it.
    expect(replaced(3)).toEqual(['s0', 's1', 's2']);
    // Line 46 dropped the first summary and the call after it.
    expect(replaced(5)).toEqual(['s3', 's4']);
    expect([6, 7, 8].map((i) => replaced(i).length)).toEqual([0, 0, 0]);
    expect(replaced(11)).toEqual(['s10']);
  });

  it('reports the input drop around the first compaction', () => {
    const all = steps();
    const before = all.slice(0, 3).filter(isCall).at(-1);
    const after = all.slice(4).find(isCall);
    expect(before?.kind === 'action' && promptTokensOf(before.usage!)?.total).toBe(16341);
    expect(after?.kind === 'action' && promptTokensOf(after.usage!)?.total).toBe(0);
  });

  it('is honoured by the replay: the call after it sees the summary, not the steps it replaced', () => {
    const all = steps();
    const events = contextEvents(all);
    const view = recordedView(all, events, 4).map((s) => s.id);
    expect(view).toEqual(['s3']);
    expect(recordedView(all, events, 3).map((s) => s.id)).toEqual(['s0', 's1', 's2']);
  });
});
