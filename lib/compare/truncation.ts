/**
 * What a truncation kept and cut, part by part, read from the strategy's own cut and never from a
 * character diff (a diff matches seed 004's appended `...` against the dots of an e-mail address
 * and shows the text as partly kept). Every cutting strategy leaves one of these shapes, each
 * checked against the original before it is believed:
 * - a prefix plus a marker: seed 004 `observation[:max_length] + "..."` (prune-old-observations.ts
 *   `TRUNCATION_MARKER`): the kept prefix's length is the text's minus the marker's, so it is exact;
 * - a head and a tail around Strands' `<truncated chars="N"/>` (strands-core.ts `truncateLongText`);
 * - a prefix or a suffix alone (LangChain's `allowPartial` keeps the first or the last lines);
 * - anything else is a replacement: a placeholder (placeholder.ts: `[cleared]`, SWE-agent's
 *   "Old environment output: (N lines omitted)") standing for the whole text;
 * - a part the variant no longer has was removed (a masked result, a dropped call).
 */
import { assistantText, formatArgs, isOmitted, partsOf, primaryText } from '../model/steps';
import type { Step, StepPart } from '../model/types';
import { TRUNCATION_MARKER } from '../strategies/prune-old-observations';

/** `truncateLongText`'s marker between the head and the tail it keeps (strands-core.ts). */
const STRANDS_MARKER = /\n<truncated chars="\d+"\/>\n/;

export type CutKind = 'prefix' | 'suffix' | 'head-tail' | 'replaced' | 'removed';

export interface TextCut {
  readonly part: StepPart;
  /** The part as people name it: "result of get_user_details", "observation", "thought". */
  readonly label: string;
  readonly kind: CutKind;
  /** The original text kept verbatim at the start (the head of a head-tail cut). */
  readonly kept: string;
  /** What the strategy wrote where the text was cut (`...`, Strands' tag, the placeholder). */
  readonly marker: string;
  /** The original text kept verbatim at the end (a suffix, or a head-tail cut's tail). */
  readonly tail: string;
  /** Characters (code points) of the original the model no longer reads. */
  readonly cutChars: number;
  readonly originalChars: number;
}

const codePoints = (text: string) => [...text].length;

/** Each part's text as the model reads it, with the name people give it (`partsOf`'s parts). */
function partTexts(step: Step): Map<StepPart, { label: string; text: string }> {
  const out = new Map<StepPart, { label: string; text: string }>();
  const calls = new Map(step.kind === 'action' ? step.toolCalls.map((c) => [c.id, c]) : []);
  for (const part of partsOf(step)) {
    if (isOmitted(step, part)) continue;
    const call = calls.get(part.slice(part.indexOf(':') + 1));
    if (step.kind !== 'action')
      out.set(
        part,
        part === 'content' ? { label: 'text', text: primaryText(step) } : { label: part, text: '' },
      );
    else if (part === 'thought') out.set(part, { label: 'model text', text: assistantText(step) });
    else if (part === 'observation')
      out.set(part, { label: 'observation', text: step.observation ?? '' });
    else if (part === 'error') out.set(part, { label: 'error', text: step.error ?? '' });
    else if (call && part.startsWith('call:'))
      out.set(part, {
        label: `call to ${call.name}`,
        text: `${call.name}(${formatArgs(call.arguments)})`,
      });
    else if (call)
      out.set(part, { label: `result of ${call.name}`, text: call.result ?? step.error ?? '' });
  }
  return out;
}

/** How one text became another. Undefined when it did not change. */
export function describeTextCut(
  before: string,
  after: string,
): Omit<TextCut, 'part' | 'label'> | undefined {
  if (after === before) return undefined;
  const originalChars = codePoints(before);
  const cut = (kind: CutKind, kept: string, marker: string, tail: string) => ({
    kind,
    kept,
    marker,
    tail,
    cutChars: originalChars - codePoints(kept) - codePoints(tail),
    originalChars,
  });
  const marker = TRUNCATION_MARKER;
  if (after.endsWith(marker)) {
    const kept = after.slice(0, after.length - marker.length);
    if (kept.length < before.length && before.startsWith(kept))
      return cut('prefix', kept, marker, '');
  }
  const strands = STRANDS_MARKER.exec(after);
  if (strands) {
    const head = after.slice(0, strands.index);
    const tail = after.slice(strands.index + strands[0].length);
    if (
      head.length + tail.length < before.length &&
      before.startsWith(head) &&
      before.endsWith(tail)
    )
      return cut('head-tail', head, strands[0].trim(), tail);
  }
  if (after.length < before.length && before.startsWith(after)) return cut('prefix', after, '', '');
  if (after.length < before.length && before.endsWith(after)) return cut('suffix', '', '', after);
  return { ...cut('replaced', '', after, ''), cutChars: originalChars };
}

/**
 * The parts of `original` its variant `cut` (the same step as a strategy sent it) changed or
 * removed, in message order.
 */
export function describeCut(original: Step, cut: Step): TextCut[] {
  const before = partTexts(original);
  const after = partTexts(cut);
  const out: TextCut[] = [];
  for (const [part, { label, text }] of before) {
    const now = after.get(part);
    if (now === undefined) {
      const chars = codePoints(text);
      out.push({
        part,
        label,
        kind: 'removed',
        kept: '',
        marker: '',
        tail: '',
        cutChars: chars,
        originalChars: chars,
      });
      continue;
    }
    const change = describeTextCut(text, now.text);
    if (change) out.push({ part, label, ...change });
  }
  return out;
}

/** The text a cut part now reads as (kept, marker, tail), to find it in a rendered message. */
export function cutText(cut: TextCut): string {
  if (cut.kind === 'head-tail') return `${cut.kept}\n${cut.marker}\n${cut.tail}`;
  return cut.kept + cut.marker + cut.tail;
}

export type CutSegment =
  | { readonly kind: 'text'; readonly text: string }
  /** Where `cut` happened: what the strategy wrote there stands in the text as this segment. */
  | { readonly kind: 'cut'; readonly cut: TextCut };

/**
 * A text as the model reads it, split where the strategy cut it: each cut part is found whole (its
 * kept text, marker and tail as one string, `cutText`) and becomes its kept text, a cut segment in
 * place of the marker, and its tail. A cut not found in the text (another dialect's wording) and
 * removed parts leave it as it is.
 */
export function markCuts(text: string, cuts: readonly TextCut[]): CutSegment[] {
  let segments: CutSegment[] = [{ kind: 'text', text }];
  for (const cut of cuts) {
    if (cut.kind === 'removed') continue;
    const whole = cutText(cut);
    if (whole === '') continue;
    const next: CutSegment[] = [];
    let found = false;
    for (const s of segments) {
      const at = found || s.kind !== 'text' ? -1 : s.text.indexOf(whole);
      if (at < 0 || s.kind !== 'text') {
        next.push(s);
        continue;
      }
      found = true;
      const parts: CutSegment[] = [
        { kind: 'text', text: s.text.slice(0, at) + cut.kept },
        { kind: 'cut', cut },
        { kind: 'text', text: cut.tail + s.text.slice(at + whole.length) },
      ];
      next.push(...parts.filter((p) => p.kind === 'cut' || p.text !== ''));
    }
    segments = next;
  }
  return segments;
}
