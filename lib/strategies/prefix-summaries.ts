/**
 * Summaries of a step list's prefixes and their tokens: the summarizing and compacting strategies
 * summarize a growing prefix of one list call after call, so each summary is built from one
 * accumulator extended as the prefix grows, and counted line by line rather than as a new text.
 */
import { cachedUnits } from '../messages';
import type { Step, SummaryStep } from '../model/types';
import { countMessage, messageStrings } from '../tokens/messages';
import type { StepTokens } from '../tokens/step-tokens';
import { listMemo } from './replay-kit';
import type { Summarizer, SummaryAccumulator } from './summarizer';

/**
 * Summaries of the steps `steps[i]` for i in [0, end) that `include` picks, one per `end`, built
 * once per span (issue 26): the summarizing strategies summarize a growing prefix of one list
 * round after round and apply after apply. `kind` names the `include` rule. Texts come from one
 * accumulator extended as `end` grows (the summarizer's incremental form); undefined without one.
 */
export function prefixSummary(
  steps: readonly Step[],
  summarizer: Summarizer,
  kind: string,
  include: (i: number) => boolean,
  end: number,
): string | undefined {
  const memo = prefixMemo(steps, summarizer, kind);
  if (!memo) return undefined;
  const hit = memo.texts.get(end);
  if (hit !== undefined) return hit;
  const text = advance(memo, steps, include, end).text();
  memo.texts.set(end, text);
  return text;
}

/**
 * `summaryTokens(tokens, { ...fields, content: prefixSummary(…) })`, read from the same
 * accumulator's per-line counts where it keeps them (`accumulatedSummaryTokens`): a replay that
 * summarizes a new span at every call (condense-events before every call, its span's end moving
 * with the run) neither writes nor counts each summary's text.
 */
export function prefixSummaryTokens(
  steps: readonly Step[],
  summarizer: Summarizer,
  kind: string,
  include: (i: number) => boolean,
  end: number,
  tokens: StepTokens,
  fields: SummaryStep,
): number | undefined {
  const memo = prefixMemo(steps, summarizer, kind);
  if (!memo) return undefined;
  const counted = accumulatedSummaryTokens(tokens, fields, advance(memo, steps, include, end));
  if (counted !== undefined) return counted;
  const content = prefixSummary(steps, summarizer, kind, include, end) as string;
  return summaryTokens(tokens, { ...fields, content });
}

interface PrefixMemo {
  readonly texts: Map<number, string>;
  readonly create: () => SummaryAccumulator;
  acc?: SummaryAccumulator;
  /** The accumulator has read the steps before this one. */
  read: number;
}

/** A list's incremental summary of one kind, once per list and summarizer; none without one. */
function prefixMemo(
  steps: readonly Step[],
  summarizer: Summarizer,
  kind: string,
): PrefixMemo | undefined {
  const create = summarizer.createAccumulator;
  if (!create) return undefined;
  return listMemo(steps, summarizer, `prefix:${kind}`, (): PrefixMemo => ({
    texts: new Map(),
    create,
    read: 0,
  }));
}

/** The memo's accumulator having read the included steps before `end` (started again if past it). */
function advance(
  memo: PrefixMemo,
  steps: readonly Step[],
  include: (i: number) => boolean,
  end: number,
): SummaryAccumulator {
  if (!memo.acc || memo.read > end) {
    memo.acc = memo.create();
    memo.read = 0;
  }
  for (; memo.read < end; memo.read++)
    if (include(memo.read)) memo.acc.add(steps[memo.read] as Step);
  return memo.acc;
}

/**
 * Tokens of a summary step, counted line by line. A replay writes a new summary before nearly
 * every call (the summarizing window's, a compaction's), each a few lines different from the last:
 * counting each whole text, and converting each new summary to messages, was most of a replay.
 * For the BPE tokenizers a text's count is the sum of its pieces cut after a newline followed by
 * anything but whitespace or '/', since no piece of their split regexes crosses such a place
 * (lib/tokens/tokenizer.ts `splitForCounting`, which cuts long texts at the same places and is
 * property-tested there), so the lines' cached counts give the content's exactly. The rest of the
 * step's count (its messages' overhead and other strings) is measured once on a probe summary with
 * the same fields, where the dialect is seen to carry the content as one string, unchanged.
 */

/** A content no summary has, with the whitespace a dialect that trimmed or split it would change. */
const PROBE = ' \n\u0000summary probe\u0000\n ';

export function summaryTokens(tokens: StepTokens, summary: SummaryStep): number {
  const counter = tokens.counter;
  if (counter.id === 'heuristic') return tokens.step(summary);
  const rest = overheadOf(tokens, summary);
  if (rest === undefined) return tokens.step(summary);
  const text = summary.content;
  let n = rest;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i + 1 < text.length; i = text.indexOf('\n', i + 1)) {
    const next = text[i + 1] as string;
    if (next === '/' || /\s/.test(next)) continue;
    n += counter.count(text.slice(start, i + 1));
    start = i + 1;
  }
  return n + counter.count(text.slice(start));
}

/** `overheadOf` per counter and fields object. */
const overheads = new WeakMap<StepTokens, WeakMap<SummaryStep, number | undefined>>();

/**
 * `summaryTokens(tokens, { ...fields, content: acc.text() })` without writing the text: the
 * content's pieces counted from the accumulator's per-line counts (`SummaryAccumulator.tokens`),
 * each line counted once however many summaries show it. Undefined where `summaryTokens` counts
 * the step whole, or the accumulator keeps no such counts.
 */
export function accumulatedSummaryTokens(
  tokens: StepTokens,
  fields: SummaryStep,
  acc: SummaryAccumulator,
): number | undefined {
  if (tokens.counter.id === 'heuristic' || !acc.tokens) return undefined;
  // A replay asks after every step with the same fields: looked up by the object, not its JSON.
  let byFields = overheads.get(tokens);
  if (!byFields) overheads.set(tokens, (byFields = new WeakMap()));
  if (!byFields.has(fields)) byFields.set(fields, overheadOf(tokens, fields));
  const rest = byFields.get(fields);
  if (rest === undefined) return undefined;
  return rest + acc.tokens(tokens.counter);
}

const OWNER: readonly never[] = [];

/**
 * The step's tokens but its content's, for summaries with these fields; undefined where the dialect
 * does not send the content as exactly one string of its own.
 */
function overheadOf(tokens: StepTokens, summary: SummaryStep): number | undefined {
  const { content: _content, ...fields } = summary;
  return listMemo(OWNER, tokens, `summary:${JSON.stringify(fields)}`, () => {
    const probe: SummaryStep = { ...summary, content: PROBE };
    let rest = 0;
    let carried = 0;
    for (const u of cachedUnits(probe, tokens.dialect)) {
      rest += countMessage(u.message, tokens.counter);
      for (const s of messageStrings(u.message)) {
        if (s === PROBE) carried++;
        else if (s.includes(PROBE.trim())) return undefined;
      }
    }
    if (carried !== 1) return undefined;
    return rest - tokens.counter.count(PROBE);
  });
}
