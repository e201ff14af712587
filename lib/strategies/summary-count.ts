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
import { cachedUnits } from '../messages';
import type { SummaryStep } from '../model/types';
import { countMessage, messageStrings } from '../tokens/messages';
import type { StepTokens } from '../tokens/step-tokens';
import { listMemo } from './list-memo';

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
