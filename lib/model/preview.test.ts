import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleRun } from '../../test/samples';
import {
  clipText,
  historyChars,
  previewHistory,
  previewStep,
  runForPage,
  runForPageInParts,
} from './preview';
import { queryStepIndices } from './query';
import { hasError, primaryText, toolNamesOf } from './steps';
import type { History, Step } from './types';
import { headlineOf, headlineText } from './headline';
import { CASES, DERIVED, importFixture } from '../../test/cases';

const history = sampleRun('swe-agent-marshmallow-1867.traj');

/** Every text a step holds, in a fixed order (what a preview may cut). */
function textsOf(step: Step): string[] {
  switch (step.kind) {
    case 'system-prompt':
    case 'summary':
      return [step.content];
    case 'scratchpad':
      return [step.content, step.modelOutput];
    case 'task':
      return [step.task];
    case 'planning':
      return [step.plan];
    case 'final-answer':
      return [step.answer];
    case 'action':
      return [
        step.thought ?? '',
        step.modelOutput ?? '',
        step.observation ?? '',
        step.error ?? '',
        ...step.toolCalls.flatMap((c) => [c.result ?? '', JSON.stringify(c.arguments) ?? '']),
      ];
  }
}

describe('previews of a large run', () => {
  const limit = 300;
  const before = structuredClone(history);
  const preview = previewHistory(history, limit);

  it('cuts every text over the limit, keeps the rest of each step, and leaves the original whole', () => {
    expect(history).toEqual(before);
    const cut = preview.steps.filter((s) => s.preview);
    // The sample has long observations and prompts: some steps are cut, some are not.
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.length).toBeLessThan(preview.steps.length);
    preview.steps.forEach((p, i) => {
      const whole = history.steps[i] as Step;
      if (!p.preview) return expect(p).toBe(whole);
      expect(textsOf(whole).some((t) => t.length > limit)).toBe(true);
      const { preview: flag, ...rest } = p;
      expect(flag).toBe(true);
      // Same id, kind, number, usage, tool names and error flags; texts are cut copies.
      expect(Object.keys(rest).sort()).toEqual(Object.keys(whole).sort());
      expect([p.id, p.kind, p.stepNumber, toolNamesOf(p), hasError(p)]).toEqual([
        whole.id,
        whole.kind,
        whole.stepNumber,
        toolNamesOf(whole),
        hasError(whole),
      ]);
      if (p.kind === 'action' && whole.kind === 'action') expect(p.usage).toEqual(whole.usage);
      expect(primaryText(p).slice(0, 120)).toBe(primaryText(whole).slice(0, 120));
    });
  });

  it('says how much of each cut text is missing', () => {
    let cuts = 0;
    for (const [i, p] of preview.steps.entries()) {
      if (p.kind !== 'action') continue;
      const whole = history.steps[i] as Step;
      if (whole.kind !== 'action' || whole.observation === undefined) continue;
      const text = whole.observation;
      const cut = p.observation ?? '';
      const said = /… \[([\d,]+) more characters\]$/.exec(cut);
      if (!said) {
        expect(cut).toBe(text);
        continue;
      }
      // What it says is missing is what is: the text is what the preview kept, then the rest.
      const kept = cut.slice(0, text.length - Number(said[1]?.replace(/,/g, '')));
      expect(text.startsWith(kept)).toBe(true);
      expect(['', '\n']).toContain(cut.slice(kept.length, said.index));
      expect(kept.length).toBeLessThan(text.length);
      cuts++;
    }
    expect(cuts).toBeGreaterThan(5);
  });

  it('filters by kind, tool and errors as the whole run does; text search needs the whole texts', () => {
    for (const q of [{ kinds: ['action' as const] }, { withError: true }, { tool: 'edit' }]) {
      expect(queryStepIndices(preview.steps, q)).toEqual(queryStepIndices(history.steps, q));
    }
    // A phrase from the end of the longest text: only the whole run finds it.
    const longest = history.steps.reduce((a, b) =>
      Math.max(...textsOf(b).map((t) => t.length)) > Math.max(...textsOf(a).map((t) => t.length))
        ? b
        : a,
    );
    const tail = textsOf(longest)
      .reduce((a, b) => (b.length > a.length ? b : a))
      .slice(-40)
      .trim();
    expect(queryStepIndices(history.steps, { text: tail })).toContain(
      history.steps.indexOf(longest),
    );
    expect(queryStepIndices(preview.steps, { text: tail })).not.toContain(
      history.steps.indexOf(longest),
    );
  });

  it('sends the run itself while its texts fit, a preview above', () => {
    const chars = historyChars(history);
    // Every text counted: results, observations, prompts, and the string values of arguments.
    const strings = history.steps.reduce(
      (n, s) =>
        n +
        (s.kind === 'action'
          ? [s.thought, s.modelOutput, s.observation, s.error].join('').length +
            s.toolCalls.reduce((m, c) => m + (c.result?.length ?? 0) + stringChars(c.arguments), 0)
          : textsOf(s).join('').length),
      0,
    );
    expect(chars).toBe(strings);
    expect(runForPage(history, chars)).toBe(history);
    expect(runForPage(history, chars - 1).steps.some((s) => s.preview)).toBe(true);
  });

  it('sends in parts what it sends whole, on both sides of the limit, sub-agents included', () => {
    const first = history.steps.find((s) => s.kind === 'action');
    if (!first) throw new Error('no action step');
    const withChild = {
      ...history,
      children: [{ parentStepId: first.id, history: { ...history, id: 'child' } }],
    };
    const chars = historyChars(withChild);
    for (const above of [chars, chars - 1, 0]) {
      const { run, step } = runForPageInParts(withChild, above);
      const whole = runForPage(withChild, above);
      expect(run.steps).toEqual([]);
      expect({ ...run, steps: withChild.steps.map(step) }).toEqual(whole);
      expect(whole.steps.some((s) => s.preview)).toBe(above < chars);
    }
  });
});

/** Characters of every string in a value (keys aside). */
function stringChars(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce<number>((n, v) => n + stringChars(v), 0);
  if (value !== null && typeof value === 'object')
    return Object.values(value).reduce<number>((n, v) => n + stringChars(v), 0);
  return 0;
}

describe('clipText', () => {
  it('keeps the text past its first `limit` characters that show, never half of a surrogate pair, and says what it cut', () => {
    const piece = fc.constantFrom('a', 'é', '😀', '中', ' ', '\n', '\t', '     ');
    const SPACE = /[ \t\n\v\f\r]/g;
    const shown = (t: string) => t.replace(SPACE, '').length;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 80 }), fc.integer({ min: 1, max: 12 }), (p, n) => {
        const text = p.join('');
        const cut = clipText(text, n);
        const most = 10 * n;
        // Whole: no longer than the limit, or no more than `n` characters that show within the most kept.
        if (text.length <= n || (text.length <= most && shown(text) <= n)) {
          expect(cut).toBe(text);
          return;
        }
        const said = /… \[([\d,]+) more characters\]$/.exec(cut);
        const kept = cut.slice(0, text.length - Number(said?.[1]?.replace(/,/g, '')));
        const brk = cut.slice(kept.length, cut.length - (said?.[0].length ?? 0));
        expect(['', '\n']).toContain(brk);
        expect(text.startsWith(kept)).toBe(true);
        // Cut by what shows (the next character shows, or starts the pair the cut would split), or at the most kept.
        const next = text.charCodeAt(kept.length);
        const byShown =
          (shown(kept) === n && !/[ \t\n\v\f\r]/.test(text[kept.length] ?? '')) ||
          (shown(kept) === n - 1 && next >= 0xd800 && next <= 0xdbff);
        expect(byShown || kept.length === most || kept.length === most - 1).toBe(true);
        // Well-formed: no lone surrogate at the cut.
        expect(() => encodeURIComponent(kept)).not.toThrow();
        // On a line of its own when the cut is inside the first line that shows and another follows.
        const first = kept.search(/[^ \t\n\v\f\r]/);
        const br = text.indexOf('\n', first === -1 ? kept.length : first);
        const later = br >= kept.length && /[^ \t\n\v\f\r]/.test(text.slice(br + 1));
        expect(brk).toBe(later ? '\n' : '');
      }),
      { numRuns: 3000 },
    );
  });

  it('draws the same headline from a preview as from the whole step, on every real fixture', () => {
    let steps = 0;
    for (const [path] of [...CASES, ...DERIVED]) {
      const all = (h: History): Step[] => [
        ...h.steps,
        ...(h.children ?? []).flatMap((c) => all(c.history)),
      ];
      for (const step of importFixture(path).histories.flatMap(all)) {
        steps++;
        expect(headlineText(headlineOf(previewStep(step))), `${path} ${step.id}`).toBe(
          headlineText(headlineOf(step)),
        );
      }
    }
    expect(steps).toBeGreaterThan(3000);
  });

  it('leaves a step without long texts as it is', () => {
    const step = history.steps.find((s) => textsOf(s).every((t) => t.length <= 300)) as Step;
    expect(previewStep(step, 300)).toBe(step);
  });
});
