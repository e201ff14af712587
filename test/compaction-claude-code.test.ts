/**
 * Claude Code's recorded compactions on a real session: a 2-hour Claude Code 2.1.1 session
 * (claude-opus-4-5) that Entire's CLI checkpointed onto its own repository's
 * `entire/checkpoints/v1` branch (entireio/cli, MIT), with two automatic compactions. Each is a
 * `compact_boundary` system line (compactMetadata {trigger, preTokens}) followed by the
 * `isCompactSummary` user line the model read afterwards; the summary step goes where they are,
 * replacing what Claude Code no longer sent, and the replay honours it.
 *
 * The numbers were read from the raw file with python (json.loads per line): boundaries at lines
 * 426 and 767 (1-based) with compactMetadata {trigger: 'auto', preTokens: 155301} and
 * {trigger: 'auto', preTokens: 155539}, summary lines 427 and 768; model calls counted as the
 * distinct message.id of the assistant lines before each boundary (124 and 209, 220 in all);
 * prompt tokens as input_tokens + cache_read_input_tokens + cache_creation_input_tokens of the
 * last assistant line before each boundary (line 424: 8 + 154206 + 939 = 155153; line 765:
 * 8 + 154516 + 888 = 155412) and the first after it (line 428: 10 + 33155 + 11499 = 44664;
 * line 769: 10 + 33155 + 18640 = 51805).
 */
import { describe, expect, it } from 'vitest';
import { promptTokensOf } from '../lib/model/usage';
import type { Step } from '../lib/model/types';
import { contextEvents, recordedView } from '../lib/simulate/recorded';
import { importFixture } from './cases';

const FILE = 'real/anthropic-claude-code/entireio-cli__checkpoint-b6f735fbac66.jsonl';

const prompt = (s: Step | undefined) =>
  s?.kind === 'action' && s.usage ? promptTokensOf(s.usage)?.total : undefined;
const isCall = (s: Step) => s.kind === 'action' && s.usage !== undefined;

describe('Claude Code compactions (entireio/cli checkpoint b6f735fbac66)', () => {
  const r = importFixture(FILE);
  const steps = r.histories[0]?.steps ?? [];
  const summaries = steps.flatMap((s, i) => (s.kind === 'summary' ? [{ s, i }] : []));
  const replaced = summaries.map(({ s }) => (s.kind === 'summary' ? s.replaces : []));

  it('reads the session: 237 steps, 220 model calls, no warning about the compactions', () => {
    expect(r.formats).toEqual(['claude-code']);
    expect(steps).toHaveLength(237);
    expect(steps.filter(isCall)).toHaveLength(220);
    expect(r.warnings.join('\n')).not.toMatch(/compact/);
  });

  it('finds the two compactions where Claude Code wrote them, with preTokens and the trigger', () => {
    expect(summaries.map(({ i }) => i)).toEqual([135, 224]);
    expect(summaries.map(({ s }) => s.source?.line)).toEqual([427, 768]);
    expect(summaries.map(({ s }) => s.kind === 'summary' && s.compaction)).toEqual([
      { recordedAs: 'compact_boundary', tokensBefore: 155301, trigger: 'auto' },
      { recordedAs: 'compact_boundary', tokensBefore: 155539, trigger: 'auto' },
    ]);
    expect(summaries.map(({ i }) => steps.slice(0, i).filter(isCall).length)).toEqual([124, 209]);
    for (const { s } of summaries)
      expect(s.kind === 'summary' && s.content).toMatch(
        /^This session is being continued from a previous conversation that ran out of context\./,
      );
    expect(summaries.map(({ s }) => s.kind === 'summary' && s.content.length)).toEqual([
      11645, 10658,
    ]);
  });

  it('replaces everything before the first compaction, then what came after it', () => {
    const [first, second] = replaced;
    expect(first).toHaveLength(135);
    expect(first?.[0]).toBe('s0');
    expect(first?.at(-1)).toBe('s134');
    expect(second?.at(-1)).toBe('s223');
    expect(second).toContain('s136');
    // Only the first summary is in both: it replaced s0–s134 and is itself replaced.
    expect(second?.filter((id) => first?.includes(id) || id === 's135')).toEqual(['s135']);
  });

  // Claude Code sends only the latest summary: the second compaction summarized a context that
  // began with the first summary (its text opens "This is a continuation from a previous
  // conversation"), and the calls after it read the new summary alone.
  it('the second compaction also replaces the first summary (s135)', () => {
    const second = replaced[1];
    expect(second).toHaveLength(89);
    expect(second?.[0]).toBe('s135');
  });

  it('reports the input drop around each compaction', () => {
    const around = summaries.map(({ i }) => [
      prompt(steps.slice(0, i).filter(isCall).at(-1)),
      prompt(steps.slice(i + 1).find(isCall)),
    ]);
    expect(around).toEqual([
      [155153, 44664],
      [155412, 51805],
    ]);
  });

  it('replays without the replaced steps, with the summary, after each compaction', () => {
    const events = contextEvents(steps);
    expect(events.map((e) => [e.at, e.kind, e.stepIds.length])).toEqual([
      [135, 'compaction', 135],
      [224, 'compaction', replaced[1]?.length],
    ]);
    const ids = (upTo: number) => new Set(recordedView(steps, events, upTo).map((s) => s.id));
    const before = ids(135);
    expect(before.has('s0')).toBe(true);
    expect(before.size).toBe(135);
    const afterFirst = ids(140);
    expect(afterFirst.has('s0')).toBe(false);
    expect(afterFirst.has('s134')).toBe(false);
    expect([...afterFirst]).toEqual(['s135', 's136', 's137', 's138', 's139']);
    const afterSecond = ids(230);
    expect(afterSecond.has('s136')).toBe(false);
    expect(afterSecond.has('s223')).toBe(false);
    expect(afterSecond.has('s224')).toBe(true);
    expect(afterSecond.has('s229')).toBe(true);
  });
});
