import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importFixture } from '../../test/cases';
import { ansiSegments, hasAnsi, stripAnsi } from './ansi';
import type { Step } from './types';

/** A bash call's output from a real OpenHands V1 run (bracketed-paste switches around it). */
function openHandsOutput(): { step: Step; output: string } {
  const run = importFixture(
    'derived/openhands-v1__openagentsafety_output_lines-19-22-23-29-41.jsonl',
  ).histories[0];
  const step = run?.steps.find(
    (s) => s.kind === 'action' && s.toolCalls.some((c) => c.result?.includes('\u001b[')),
  );
  const output = step?.kind === 'action' ? step.toolCalls[0]?.result : undefined;
  if (!step || output === undefined) throw new Error('the fixture has no output with escapes');
  return { step, output };
}

describe('escape sequences in recorded output', () => {
  it("shows a real OpenHands bash output without its escapes, and leaves the step's text as it was", () => {
    const { step, output } = openHandsOutput();
    const before = structuredClone(step);
    expect(output).toBe('\u001b[?2004l[1] 32\n\u001b[?2004h');
    expect(stripAnsi(output)).toBe('[1] 32\n');
    expect(ansiSegments(output)).toEqual([{ text: '[1] 32\n' }]);
    expect(step).toEqual(before);
  });

  it('keeps colours and decorations as styles, drops what the page cannot show', () => {
    const text =
      '\u001b[1;31mFAILED\u001b[0m tests/a.py \u001b[32mok\u001b[0m \u001b[38;5;9mx\u001b[0m' +
      ' \u001b[38;2;1;2;3mtrue\u001b[0m \u001b]8;;https://example.com\u0007link\u001b]8;;\u0007';
    expect(ansiSegments(text)).toEqual([
      { text: 'FAILED', color: 'red', bold: true },
      { text: ' tests/a.py ' },
      { text: 'ok', color: 'green' },
      { text: ' ' },
      { text: 'x', color: 'red' },
      { text: ' ' },
      { text: 'true' },
      { text: ' link' },
    ]);
  });

  it('never leaves an escape in what it shows, and never loses the text around them', () => {
    const piece = fc.constantFrom(
      'a',
      ' ',
      '\n',
      '[',
      'm',
      '\u001b[0m',
      '\u001b[1;33m',
      '\u001b[?2004h',
      '\u001b[2K',
      '\u001b]0;title\u0007',
      '\u001b(B',
      '\u009b31m',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        const shown = ansiSegments(text)
          .map((s) => s.text)
          .join('');
        expect(hasAnsi(shown)).toBe(false);
        expect(shown).toBe(stripAnsi(text));
        const plain = pieces.filter((p) => !p.includes('\u001b') && !p.includes('\u009b'));
        expect(shown).toBe(plain.join(''));
      }),
      { numRuns: 500 },
    );
  });
});
