/**
 * pi's recorded compactions on a real session (badlogic/pi-mono's own fixture, a version 1 file
 * whose compaction entries name the first kept entry by `firstKeptEntryIndex`): each is a summary
 * step where pi compacted, replacing what pi no longer sent, and the replay honours it.
 *
 * The numbers were read from the raw file with python (json.loads per line): compaction entries at
 * records 359 and 628 (0-based, header at 0) with firstKeptEntryIndex 293 and 551 and tokensBefore
 * 175004 and 185014; steps counted as the user, assistant and bashExecution messages and the
 * compactions before a record; prompt tokens as usage.input + cacheRead + cacheWrite of the
 * assistant messages (records 358 → 363 and 627 → 630; record 361 is an aborted call reporting 0).
 */
import { describe, expect, it } from 'vitest';
import { promptTokensOf } from '../lib/model/usage';
import type { Step } from '../lib/model/types';
import { contextEvents, recordedView } from '../lib/simulate/recorded';
import { importFixture } from './cases';

const FILE = 'real/pi/pi-mono__before-compaction.jsonl';

const prompt = (s: Step | undefined) =>
  s?.kind === 'action' && s.usage ? promptTokensOf(s.usage)?.total : undefined;
const isCall = (s: Step) => s.kind === 'action' && s.usage !== undefined;

describe('pi compactions (pi-mono before-compaction.jsonl)', () => {
  const r = importFixture(FILE);
  const steps = r.histories[0]?.steps ?? [];
  const summaries = steps.flatMap((s, i) => (s.kind === 'summary' ? [{ s, i }] : []));

  it('reads the file without warnings, 544 steps', () => {
    expect(r.formats).toEqual(['pi']);
    expect(r.warnings).toEqual([]);
    expect(steps).toHaveLength(544);
  });

  it('finds the two compactions where pi wrote them, with tokensBefore', () => {
    expect(summaries.map(({ i }) => i)).toEqual([185, 331]);
    expect(summaries.map(({ s }) => s.source?.line)).toEqual([360, 629]);
    expect(summaries.map(({ s }) => s.kind === 'summary' && s.compaction)).toEqual([
      { recordedAs: 'compaction', tokensBefore: 175004 },
      { recordedAs: 'compaction', tokensBefore: 185014 },
    ]);
    // Model calls before each (the aborted call after the first reports usage too, all zeros).
    expect(summaries.map(({ i }) => steps.slice(0, i).filter(isCall).length)).toEqual([173, 303]);
    for (const { s } of summaries)
      expect(s.kind === 'summary' && s.content).toMatch(/^# Context Checkpoint: Coding Agent/);
  });

  it('replaces the steps before the first kept entry still in context, the first summary included', () => {
    const [first, second] = summaries.map(({ s }) => (s.kind === 'summary' ? s.replaces : []));
    // firstKeptEntryIndex 293 is step s151; 551 is step s290.
    expect(first).toHaveLength(151);
    expect(first?.[0]).toBe('s0');
    expect(first?.at(-1)).toBe('s150');
    expect(second).toHaveLength(139);
    expect(second?.[0]).toBe('s151');
    expect(second?.at(-1)).toBe('s289');
    expect(second).toContain('s185');
    expect(second?.some((id) => first?.includes(id))).toBe(false);
  });

  it('reports the input drop around each compaction', () => {
    const around = summaries.map(({ i }) => {
      const last = steps.slice(0, i).filter(isCall).at(-1);
      const next = steps.slice(i + 1).find((s) => (prompt(s) ?? 0) > 0);
      return [prompt(last), prompt(next)];
    });
    expect(around).toEqual([
      [174738, 25739],
      [184915, 28617],
    ]);
    // The call right after the first compaction was aborted and reports nothing.
    expect(prompt(steps.slice(186).find(isCall))).toBe(0);
  });

  it('replays without the replaced steps, with the summary, after each compaction', () => {
    const events = contextEvents(steps);
    expect(events.map((e) => [e.at, e.kind, e.stepIds.length])).toEqual([
      [185, 'compaction', 151],
      [331, 'compaction', 139],
    ]);
    const ids = (upTo: number) => new Set(recordedView(steps, events, upTo).map((s) => s.id));
    const before = ids(185);
    expect(before.has('s0')).toBe(true);
    const afterFirst = ids(190);
    expect(afterFirst.has('s0')).toBe(false);
    expect(afterFirst.has('s150')).toBe(false);
    expect(afterFirst.has('s151')).toBe(true);
    expect(afterFirst.has('s185')).toBe(true);
    const afterSecond = ids(334);
    expect([...afterSecond].slice(0, 2)).toEqual(['s290', 's291']);
    expect(afterSecond.has('s185')).toBe(false);
    expect(afterSecond.has('s331')).toBe(true);
    expect(afterSecond.size).toBe(334 - 151 - 139);
  });
});
