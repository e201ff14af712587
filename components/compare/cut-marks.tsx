'use client';
/**
 * A truncated text as the strategy left it: the kept text verbatim, then a mark where it cut (how
 * many characters, and what the model reads there instead), then any kept tail. Read from the
 * strategy's own cut (lib/compare/truncation.ts), never from a character diff.
 */
import { markCuts, type TextCut } from '../../lib/compare/truncation';

const chars = (n: number) => `${n.toLocaleString('en-US')} character${n === 1 ? '' : 's'}`;

/** What a cut did, in words: "948 characters cut", "replaced: 1,048 characters". */
export function cutSummary(cut: TextCut): string {
  switch (cut.kind) {
    case 'removed':
      return `removed (${chars(cut.cutChars)})`;
    case 'replaced':
      return `replaced by a placeholder (${chars(cut.originalChars)})`;
    default:
      return `${chars(cut.cutChars)} cut of ${cut.originalChars.toLocaleString('en-US')}`;
  }
}

/** The mark standing where the strategy cut: what the model reads there, and what went. */
export function CutMark({ cut }: { cut: TextCut }) {
  const placeholder = cut.kind === 'replaced';
  return (
    <span className="mx-0.5 inline rounded bg-amber-100 px-1 py-px font-sans text-amber-900 ring-1 ring-amber-300">
      {cut.marker !== '' && <span className="font-mono">{cut.marker}</span>}
      <span className="ml-1 text-xs font-medium">
        ✂ {placeholder ? `stands for ${chars(cut.originalChars)}` : `${chars(cut.cutChars)} cut`}
      </span>
    </span>
  );
}

/** A text with its cuts marked in place (a cut not found in it is left to the caller's list). */
export function CutText({ text, cuts }: { text: string; cuts: readonly TextCut[] }) {
  return (
    <>
      {markCuts(text, cuts).map((s, i) =>
        s.kind === 'text' ? <span key={i}>{s.text}</span> : <CutMark key={i} cut={s.cut} />,
      )}
    </>
  );
}

/** Every part a strategy cut of one step: its name, what went, and the text as it now reads. */
export function CutList({ cuts, label }: { cuts: readonly TextCut[]; label: string }) {
  return (
    <div aria-label={label} role="group" className="flex flex-col gap-1.5">
      {cuts.map((cut) => (
        <div key={cut.part} className="text-xs">
          <div className="mb-0.5 text-slate-600">
            <span className="font-medium text-slate-800">{cut.label}</span>: {cutSummary(cut)}
          </div>
          {cut.kind !== 'removed' && (
            <pre
              role="group"
              aria-label="Text after the cut"
              tabIndex={0}
              className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-white p-2 font-mono text-slate-800"
            >
              {cut.kept}
              <CutMark cut={cut} />
              {cut.tail}
            </pre>
          )}
        </div>
      ))}
    </div>
  );
}
