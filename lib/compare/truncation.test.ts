import { describe, expect, it } from 'vitest';
import { omitParts } from '../model/steps';
import type { ActionStep, Step } from '../model/types';
import { pruneOldObservations } from '../strategies/prune-old-observations';
import { truncateLongText } from '../strategies/strands-core';
import { createStrategyContext } from '../strategies/context';
import { sampleRun } from '../../test/samples';
import { cutText, describeCut, describeTextCut, markCuts } from './truncation';

const history = sampleRun('tau-bench-airline-task3.json');
const ctx = createStrategyContext({ tokenizer: 'heuristic', dialect: 'openai', model: 'gpt-4o' });

// Step 7 (index 6): get_user_details answers with the customer's profile, e-mail address included.
const profile = history.steps[6] as ActionStep;
const result = profile.toolCalls[0]?.result ?? '';

describe('a truncation read from the strategy’s own cut', () => {
  it('keeps the exact prefix of a real observation cut just before the dot of its e-mail address', () => {
    expect(result).toContain('"email": "sofia.kim1937@example.com"');
    // Cut where a character diff would match seed 004's "..." against ".com".
    const maxLength = result.indexOf('.com');
    const out = pruneOldObservations.apply(
      { steps: history.steps.slice(0, 8) },
      { keepLastN: 0, maxLength },
      ctx,
    );
    const variant = out.steps.find((s) => s.id === profile.id) as Step;
    const [cut, ...others] = describeCut(profile, variant);
    expect(others).toEqual([]);
    expect(cut).toMatchObject({
      part: `result:${profile.toolCalls[0]?.id}`,
      label: 'result of get_user_details',
      kind: 'prefix',
      kept: result.slice(0, maxLength),
      marker: '...',
      tail: '',
      cutChars: [...result].length - maxLength,
      originalChars: [...result].length,
    });
    expect(cut?.kept.endsWith('sofia.kim1937@example')).toBe(true);
    // Displayed: the kept prefix, exactly, then the cut where the marker stands.
    const shown = (variant as ActionStep).toolCalls[0]?.result ?? '';
    expect(markCuts(shown, cut ? [cut] : [])).toEqual([
      { kind: 'text', text: result.slice(0, maxLength) },
      { kind: 'cut', cut },
    ]);
  });

  it('finds the cut inside a longer message text and keeps what surrounds it', () => {
    const cut = describeTextCut('abcdef@x.com tail', 'abcdef@x...');
    expect(cut).toMatchObject({ kind: 'prefix', kept: 'abcdef@x', marker: '...', cutChars: 9 });
    const text = `Observation: ${cutText({ part: 'observation', label: 'observation', ...cut! })}\nnext`;
    expect(markCuts(text, [{ part: 'observation', label: 'observation', ...cut! }])).toEqual([
      { kind: 'text', text: 'Observation: abcdef@x' },
      { kind: 'cut', cut: { part: 'observation', label: 'observation', ...cut } },
      { kind: 'text', text: '\nnext' },
    ]);
  });

  it('reads Strands’ head and tail, a plain prefix or suffix, a placeholder and a removed part', () => {
    const long = 'x'.repeat(10_000) + result + 'y'.repeat(10_000);
    const strands = describeTextCut(long, truncateLongText(long) as string);
    expect(strands?.kind).toBe('head-tail');
    expect(long.startsWith(strands?.kept ?? '?')).toBe(true);
    expect(long.endsWith(strands?.tail ?? '?')).toBe(true);
    expect(strands?.marker).toMatch(/^<truncated chars="\d+"\/>$/);
    expect(strands?.cutChars).toBe(long.length - (strands?.kept.length ?? 0) * 2);
    expect(describeTextCut('line 1\nline 2\n', 'line 1\n')).toMatchObject({
      kind: 'prefix',
      marker: '',
      cutChars: 7,
    });
    expect(describeTextCut('line 1\nline 2\n', 'line 2\n')).toMatchObject({
      kind: 'suffix',
      tail: 'line 2\n',
    });
    expect(describeTextCut(result, '[cleared]')).toMatchObject({
      kind: 'replaced',
      marker: '[cleared]',
      cutChars: [...result].length,
    });
    expect(describeTextCut(result, result)).toBeUndefined();
    const masked = omitParts(profile, [`result:${profile.toolCalls[0]?.id}`]);
    expect(describeCut(profile, masked)).toMatchObject([
      { kind: 'removed', label: 'result of get_user_details', cutChars: [...result].length },
    ]);
  });
});
