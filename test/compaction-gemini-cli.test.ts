/**
 * Gemini CLI's chat compression on a real file: a maintainer's `/chat share` export
 * (google-gemini/gemini-cli `trajectory.json` at 19b9e3e8e4a8, Apache-2.0), the model's history
 * after one compression. Checked against the raw JSON (python: `json.load`, then per entry its role
 * and part keys): 105 entries; entry 0 the `<session_context>` setup message, entry 1 the
 * `<state_snapshot>` summary (5,939 characters), entry 2 the model's "Got it. Thanks for the
 * additional context!", entries 3–104 the turns after it; 45 functionCall and 46 functionResponse
 * parts: entry 99's response (id nlcjynug) follows a model turn of text only, answering no call.
 */
import { describe, expect, it } from 'vitest';
import type { History, SummaryStep } from '../lib/model/types';
import { compactionMarkers, describeCompaction } from '../lib/simulate/compactions';
import { contextEvents, recordedView } from '../lib/simulate/recorded';
import { createStrategyContext } from '../lib/strategies/context';
import { importFixture } from './cases';

const result = importFixture('real/gemini-cli/gemini-cli__trajectory.json');
const history = result.histories[0] as History;
const steps = history.steps;

describe('Gemini CLI: a compressed history shared with /chat share', () => {
  it('reads the Content[] list: turns, thoughts, calls linked to their responses', () => {
    expect(result.formats).toEqual(['gemini-contents']);
    expect(steps.map((s) => s.kind).slice(0, 4)).toEqual(['task', 'summary', 'action', 'task']);
    const calls = steps.flatMap((s) => (s.kind === 'action' ? s.toolCalls : []));
    expect(calls).toHaveLength(45);
    expect(calls.every((c) => c.result !== undefined)).toBe(true);
    expect(steps.filter((s) => s.kind === 'action' && s.thought).length).toBeGreaterThan(0);
    // The one response no call asked for is still what the model read next.
    expect(result.warnings.join('\n')).toMatch(
      /turn 99: a functionResponse for run_shell_command \(nlcjynug\)/,
    );
    const kept = steps.find((s) => s.kind === 'action' && s.observation !== undefined);
    expect(kept?.kind === 'action' && kept.observation?.startsWith('Output: ')).toBe(true);
  });

  it('reads the <state_snapshot> turn as the compaction the CLI made, which replaces nothing the file holds', () => {
    const summary = steps[1] as SummaryStep;
    expect(summary.kind).toBe('summary');
    expect(summary.content.startsWith('<state_snapshot>')).toBe(true);
    expect(summary.content.trimEnd().endsWith('</state_snapshot>')).toBe(true);
    expect(summary.content).toHaveLength(5_939);
    expect(summary.compaction).toEqual({ recordedAs: '<state_snapshot>', droppedInFile: false });
    expect(summary.replaces).toEqual([]);
    expect(result.warnings.join('\n')).toMatch(/turn 1: the history was compressed/);
    // Nothing the replay could hide: the context is the compressed history, summary included.
    expect(contextEvents(steps)).toEqual([]);
    expect(recordedView(steps, [], 3).map((s) => s.id)).toEqual(['s0', 's1', 's2']);
  });

  it('is a compaction on the timeline, before the first call, with no counts the file does not give', () => {
    const ctx = createStrategyContext({});
    const tokens = steps.map((s) => ctx.tokens.step(s));
    const markers = compactionMarkers(steps, tokens);
    expect(markers).toHaveLength(1);
    expect(markers[0]).toMatchObject({
      kind: 'recorded',
      stepIndex: 1,
      callAfter: 1,
      droppedInFile: false,
      savedPerCall: 0,
    });
    expect(markers[0]?.callBefore).toBeUndefined();
    expect(markers[0]?.before).toBeUndefined();
    expect(describeCompaction(markers[0]!)).toMatch(
      /^Recorded compaction \(<state_snapshot>\) before the first call: its token counts are not in the file; what it dropped is not in the file, a summary of [\d,]+ tokens\.$/,
    );
  });
});
