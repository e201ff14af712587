import { describe, expect, it } from 'vitest';
import { act, history, system, task } from '../../test/build';
import type { Step, SummaryStep } from '../model/types';
import {
  compactionMarkers,
  compactionSizes,
  describeCompaction,
  strategyCompactions,
} from './compactions';
import { contextEvents } from './recorded';
import { reconcile } from './reconcile';
import type { SimulatedRun } from './types';

const used = (inputTokens: number) => ({ usage: { inputTokens, inputCounts: 'total' as const } });

/** s0 system, s1 task, s2–s4 calls, s5 the compaction of s1–s4, s6–s7 calls, s8 an unrecorded cut. */
function run(): Step[] {
  const steps = history(
    system('sys'),
    task('fix it'),
    act('a', [], used(1_000)),
    act('b', [], used(2_000)),
    act('c', [], used(3_000)),
    { kind: 'summary', content: 'so far', replaces: [], origin: 'model' },
    act('d', [], used(600)),
    act('e', [], used(900)),
    act('f', [], used(300)),
  );
  const summary: SummaryStep = {
    ...(steps[5] as SummaryStep),
    replaces: ['s1', 's2', 's3', 's4'],
    compaction: { recordedAs: 'compaction', tokensBefore: 3_400, trigger: 'auto' },
  };
  return steps.map((s, i) => (i === 5 ? summary : s));
}
const TOKENS = [50, 100, 200, 300, 400, 40, 100, 100, 100];

describe('compactionMarkers', () => {
  it('places a recorded compaction between the calls around it, with what it dropped and saved', () => {
    const [marker, probable] = compactionMarkers(run(), TOKENS);
    expect(marker).toMatchObject({
      kind: 'recorded',
      stepIndex: 5,
      stepId: 's5',
      callBefore: 3,
      callAfter: 4,
      before: { tokens: 3_400, source: 'file' },
      after: { tokens: 600, source: 'reported' },
      dropped: ['s1', 's2', 's3', 's4'],
      droppedTokens: 1_000,
      summary: 'so far',
      summaryTokens: 40,
      // Calls 4 and 5: from call 6 on, the probable compaction's figures hold.
      laterCalls: 2,
      savedPerCall: 960,
    });
    expect(marker?.compaction?.recordedAs).toBe('compaction');
    // Call 6 reports 300 after 900 while the counted context grew: cut without a record.
    expect(probable).toMatchObject({
      kind: 'probable',
      stepIndex: 8,
      callBefore: 5,
      callAfter: 6,
      before: { tokens: 900, source: 'reported' },
      after: { tokens: 300, source: 'reported' },
      savedPerCall: 600,
      laterCalls: 1,
    });
  });

  it('counts the context around a compaction when the file gives no figure', () => {
    const steps = run().map((s) =>
      s.kind === 'summary'
        ? { ...s, compaction: { recordedAs: 'x' } }
        : s.kind === 'action'
          ? { ...s, usage: undefined }
          : s,
    ) as Step[];
    const [marker, ...rest] = compactionMarkers(steps, TOKENS);
    expect(rest).toEqual([]);
    // Before: every step before it (1,050); after: less the dropped 1,000, plus the summary's 40.
    expect(marker?.before).toEqual({ tokens: 1_050, source: 'counted' });
    expect(marker?.after).toEqual({ tokens: 90, source: 'counted' });
  });

  it('does not call a drop the file recorded a probable compaction', () => {
    const steps = run().slice(0, 8);
    expect(compactionMarkers(steps, TOKENS).map((m) => m.kind)).toEqual(['recorded']);
    // The reconciliation says nothing of an unrecorded cut either.
    const r = reconcile(steps, TOKENS, { tokenizer: 'o200k_base' });
    expect(r?.explanations.join(' ')).not.toMatch(/without recording it/);
    const cut = reconcile(run(), TOKENS, { tokenizer: 'o200k_base' });
    expect(cut?.explanations.join(' ')).toMatch(
      /At call 6 the reported input drops from 900 to 300/,
    );
  });

  it('an empty summary (forgetting only) costs nothing afterwards', () => {
    const steps = run().map((s) => (s.kind === 'summary' ? { ...s, content: '' } : s)) as Step[];
    const [marker] = compactionMarkers(steps, TOKENS);
    expect(marker).toMatchObject({ summaryTokens: 0, savedPerCall: 1_000 });
  });
});

describe('strategyCompactions', () => {
  it('keeps the applications that shrank the context, at the first call after each', () => {
    const steps = run();
    const sim = {
      applications: [
        { atStep: 3, beforeTokens: 1_000, afterTokens: 950 },
        { atStep: 5, beforeTokens: 1_000, afterTokens: 200 },
        { atStep: 9, beforeTokens: 900, afterTokens: 100, afterRun: true },
      ],
    } as unknown as SimulatedRun;
    expect(strategyCompactions(steps, sim)).toEqual([
      { call: 4, stepIndex: 6, beforeTokens: 1_000, afterTokens: 200 },
    ]);
    expect(strategyCompactions(steps, sim, 0).map((c) => c.call)).toEqual([2, 4]);
  });
});

describe('describeCompaction', () => {
  it('says where each figure comes from', () => {
    const [marker, probable] = compactionMarkers(run(), TOKENS);
    expect(describeCompaction(marker!)).toBe(
      'Recorded compaction (compaction, auto) after call 3: 3,400 (recorded in the file) → 600 (reported for call 4) tokens; 4 steps dropped (1,000 tokens counted), a summary of 40 tokens. Each of the 2 later calls sent 960 tokens fewer.',
    );
    expect(describeCompaction(probable!)).toBe(
      'Probable compaction at call 6, not recorded: the reported input drops from 900 (reported for call 5) to 300 (reported for call 6).',
    );
  });
});

describe('edge records', () => {
  it('a compaction the file records without its dropped steps is one marker, not also a probable one', () => {
    const steps = history(
      task('go'),
      act('a', [], used(1_000)),
      {
        kind: 'summary',
        content: 's',
        replaces: [],
        origin: 'model',
        compaction: { recordedAs: 'x', droppedInFile: false },
      },
      act('b', [], used(100)),
    );
    const markers = compactionMarkers(steps, [10, 10, 5, 10]);
    expect(markers.map((m) => m.kind)).toEqual(['recorded']);
    expect(markers[0]).toMatchObject({
      droppedInFile: false,
      before: { tokens: 1_000, source: 'reported' },
      after: { tokens: 100, source: 'reported' },
    });
    expect(compactionSizes(markers[0]!)).toBe('1,000 → 100');
  });

  it('replaces only steps before it: a later or unknown id hides nothing', () => {
    const steps = history(task('go'), act('a'), act('b'), act('c'));
    const summary = {
      kind: 'summary' as const,
      id: 'z',
      stepNumber: 9,
      content: 's',
      replaces: ['s1', 's3', 'nope'],
      origin: 'model' as const,
    };
    const withSummary = [...steps.slice(0, 2), summary, ...steps.slice(2)];
    expect(contextEvents(withSummary)).toEqual([{ at: 2, kind: 'compaction', stepIds: ['s1'] }]);
  });

  it('marks sizes from two sources', () => {
    const [marker] = compactionMarkers(
      run().map((s) => (s.kind === 'action' ? { ...s, usage: undefined } : s)) as Step[],
      TOKENS,
    );
    expect(compactionSizes(marker!)).toBe('3,400 (file) → 90 (counted)');
  });
});
