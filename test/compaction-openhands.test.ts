/**
 * OpenHands V1 recorded compactions on a real conversation folder (an OpenHands/benchmarks SWE-bench
 * run of the software-agent SDK, claude-sonnet-4, committed by mistake with its `workspace/`): three
 * `Condensation` events of the LLMSummarizingCondenser, each a summary step where the SDK condensed,
 * replacing the steps of its forgotten events and the summary before it, and the replay honours it.
 *
 * The numbers were read from the raw files with python (json.load of each events/event-*.json in
 * numeric order, base_state.json's stats.service_to_metrics): 185 events, 90 ActionEvents with 90
 * llm_response_ids; Condensations at events 82, 125 and 168, each with summary_offset 4 and 43, 42
 * and 42 forgotten_event_ids (events 4–46; then one id no event has, the view's summary, and 48–89
 * less 82; then that again and 91–132 less 125); no metrics or token counts on them. Prompt tokens
 * are LiteLLM's prompt_tokens read as `litellmPrompt` does (plus cache_write_tokens when the prompt
 * holds the reads but not the writes) for the default service's token_usages of the last response
 * before and the first after each condensation.
 */
import { describe, expect, it } from 'vitest';
import { promptTokensOf } from '../lib/model/usage';
import type { Step } from '../lib/model/types';
import { contextEvents, recordedView } from '../lib/simulate/recorded';
import { importFixture } from './cases';

const FOLDER = 'real/openhands/openhands-benchmarks__v1_condensed_3f3d5850';

const prompt = (s: Step | undefined) =>
  s?.kind === 'action' && s.usage ? promptTokensOf(s.usage)?.total : undefined;
const isCall = (s: Step) => s.kind === 'action' && s.usage !== undefined;

describe('OpenHands V1 condensations (OpenHands/benchmarks conversation 3f3d5850)', () => {
  const r = importFixture(FOLDER);
  const steps = r.histories[0]?.steps ?? [];
  const summaries = steps.flatMap((s, i) => (s.kind === 'summary' ? [{ s, i }] : []));

  it('reads the folder as OpenHands V1 without warnings: 95 steps, 90 calls with usage', () => {
    expect(r.formats).toEqual(['openhands-v1']);
    expect(r.warnings).toEqual([]);
    expect(r.histories).toHaveLength(1);
    // System prompt, task, 90 model calls (one tool call each, the result linked), 3 summaries.
    expect(steps).toHaveLength(95);
    expect(steps.filter(isCall)).toHaveLength(90);
  });

  it('finds the three condensations where the SDK recorded them', () => {
    expect(summaries.map(({ i }) => i)).toEqual([42, 64, 86]);
    expect(summaries.map(({ s }) => s.source?.pointer)).toEqual([
      expect.stringContaining('events~1event-00082-'),
      expect.stringContaining('events~1event-00125-'),
      expect.stringContaining('events~1event-00168-'),
    ]);
    // The file records no token counts and no trigger on a Condensation.
    for (const { s } of summaries) {
      expect(s.kind === 'summary' && s.compaction).toEqual({ recordedAs: 'Condensation' });
      expect(s.kind === 'summary' && s.content).toMatch(/^USER_CONTEXT: Investigating Sphinx/);
    }
    expect(summaries.map(({ i }) => steps.slice(0, i).filter(isCall).length)).toEqual([40, 61, 82]);
  });

  it('replaces the forgotten steps, and from the second on the summary before it', () => {
    const [first, second, third] = summaries.map(({ s }) =>
      s.kind === 'summary' ? s.replaces : [],
    );
    // Events 4–46 are the calls s3–s24 with their results (47 answers 46: the view drops it too).
    expect(first).toEqual(Array.from({ length: 22 }, (_, k) => `s${k + 3}`));
    // s42 (the first summary), s25–s41 and s43–s46 (event 89's call: its result, event 90, was kept
    // but the view drops an observation whose action it forgot).
    expect(second).toHaveLength(22);
    expect(second).toContain('s42');
    expect(second?.filter((id) => id !== 's42')).toEqual(
      [...Array.from({ length: 17 }, (_, k) => k + 25), 43, 44, 45, 46].map((n) => `s${n}`),
    );
    expect(third).toHaveLength(22);
    expect(third).toContain('s64');
    expect(third?.some((id) => first?.includes(id) || second?.includes(id))).toBe(false);
  });

  it('reports the input drop around each condensation', () => {
    const around = summaries.map(({ i }) => [
      prompt(steps.slice(0, i).filter(isCall).at(-1)),
      prompt(steps.slice(i + 1).find(isCall)),
    ]);
    expect(around).toEqual([
      [39839, 21131],
      [36812, 23121],
      [38303, 23059],
    ]);
  });

  it('replays without the replaced steps, with only the latest summary, after each condensation', () => {
    const events = contextEvents(steps);
    expect(events.map((e) => [e.at, e.kind, e.stepIds.length])).toEqual([
      [42, 'compaction', 22],
      [64, 'compaction', 22],
      [86, 'compaction', 22],
    ]);
    const ids = (upTo: number) => recordedView(steps, events, upTo).map((s) => s.id);
    expect(ids(42)).toHaveLength(42);
    // The SDK keeps the first four events (system prompt, task, first call and its result).
    const afterFirst = ids(43);
    expect(afterFirst.slice(0, 4)).toEqual(['s0', 's1', 's2', 's25']);
    expect(afterFirst).not.toContain('s24');
    expect(afterFirst.at(-1)).toBe('s42');
    expect(afterFirst).toHaveLength(43 - 22);
    const afterSecond = ids(65);
    expect(afterSecond.slice(0, 4)).toEqual(['s0', 's1', 's2', 's47']);
    expect(afterSecond).not.toContain('s42');
    expect(afterSecond.filter((id) => steps[Number(id.slice(1))]?.kind === 'summary')).toEqual([
      's64',
    ]);
    expect(afterSecond).toHaveLength(65 - 44);
    const afterThird = ids(95);
    expect(afterThird.slice(0, 4)).toEqual(['s0', 's1', 's2', 's69']);
    expect(afterThird).not.toContain('s64');
    expect(afterThird).toHaveLength(95 - 66);
  });
});
