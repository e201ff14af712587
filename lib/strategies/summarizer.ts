/**
 * Summarizers for the summarizing strategies. The built-in one is deterministic and offline: an
 * extractive summary of tasks, tool names and outcomes, errors and final answers, laid out in the
 * sections Strands' DEFAULT_SUMMARIZATION_PROMPT asks a model for ("## Conversation Summary",
 * "## Tools Executed"). It is bounded, as a summary must be: the first and latest tasks with a count
 * of the rest, one line per tool, the latest errors and answers. It is built incrementally, so a
 * replay can extend one summary step by step instead of re-reading the history at every call.
 */
import { assistantText } from '../model/steps';
import type { ActionStep, Step } from '../model/types';
import { pyLen, pyPrefix } from '../text/python-string';

export interface SummaryAccumulator {
  add(step: Step): void;
  text(): string;
  /**
   * Optional: the tokens of `text()` for a BPE counter, as the sum of its pieces' counts, the text
   * cut after a newline followed by anything but whitespace or '/' where a line (or a section)
   * ends, a place no piece of the tokenizer's split crosses (prefix-summaries.ts `summaryTokens`), from
   * counts kept per line: a line is counted once, when written, not again in every summary that
   * shows it.
   */
  tokens?(counter: PieceCounter): number;
}

/** Counts a piece of text (a token counter, caching by content). */
export interface PieceCounter {
  count(text: string): number;
}

export interface Summarizer {
  readonly id: string;
  summarize(steps: readonly Step[]): string;
  /** Incremental form: `summarize(steps)` equals adding each step then `text()`. */
  createAccumulator?(): SummaryAccumulator;
}

const CLIP = 160;
const FIRST_TOPICS = 3;
const LAST_TOPICS = 7;
const LAST_ERRORS = 5;
const LAST_ANSWERS = 3;

function clip(text: string, max = CLIP): string {
  // A long text shows only its first `max` code points: flattening a head of it gives them, once
  // the head's flat form runs past them (its last character, maybe half a pair, is never shown).
  if (text.length > 4 * max + 64) {
    const head = text
      .slice(0, 2 * max + 32)
      .replace(/\s+/g, ' ')
      .trimStart();
    if (pyLen(head.trimEnd()) > max + 1) return `${pyPrefix(head, max)}…`;
  }
  const flat = text.replace(/\s+/g, ' ').trim();
  return pyLen(flat) > max ? `${pyPrefix(flat, max)}…` : flat;
}

interface ToolTally {
  calls: number;
  errors: number;
  missing: number;
  /** The last result as recorded: clipped only when the summary is written (most are replaced). */
  last?: string;
  /** `last` clipped, once written. */
  clipped?: string;
  /** The tool's line for the tally as it stands (dropped when the tally changes). */
  line?: Line;
}

/** How a line ends as a piece of the text: before another line, a section, or the text's end. */
type LineEnd = 0 | 1 | 2;
const ENDS = ['\n', '\n\n', ''] as const;

/**
 * One line of the summary, written once when first read (most lines pushed are dropped before
 * then), with its counts as a piece of the text for each way it can end, each counted once.
 */
class Line {
  private written: string | undefined;
  private counter: PieceCounter | undefined;
  private readonly counts: (number | undefined)[] = [undefined, undefined, undefined];
  constructor(private readonly write: () => string) {}
  text(): string {
    return (this.written ??= this.write());
  }
  tokens(counter: PieceCounter, end: LineEnd): number {
    if (this.counter !== counter) {
      this.counter = counter;
      this.counts.fill(undefined);
    }
    return (this.counts[end] ??= counter.count(this.text() + ENDS[end]));
  }
}

/** The lines of sections, counted as pieces: each section's last line ends it ('\n\n') or the text. */
function piecesTokens(sections: readonly (readonly Line[])[], counter: PieceCounter): number {
  let n = 0;
  sections.forEach((lines, j) => {
    lines.forEach((line, i) => {
      const end: LineEnd = i < lines.length - 1 ? 0 : j < sections.length - 1 ? 1 : 2;
      n += line.tokens(counter, end);
    });
  });
  return n;
}

/** What a pushed line shows after its prefix: a text, clipped, or a final step's assistant text. */
type Source = string | ActionStep;

/** A pushed line's text: its prefix and its source clipped (read only for the lines kept). */
const lineText = (prefix: string, source: Source) =>
  `${prefix}${clip(typeof source === 'string' ? source : assistantText(source))}`;

/**
 * Keeps the first `head` and the last `tail` lines pushed, counting the ones in between. A line is
 * pushed as its prefix and source and written only when it is kept to the end: a long history
 * pushes every task and error, and all but a few are dropped (clipping each one was most of a
 * summary's cost; a closure and a `Line` for each, then a shift of the tail, most of the rest at
 * 100k steps: issue 26). The tail is a ring of `tail` slots; a slot's `Line` is made when the slot
 * is first shown and kept until the slot is pushed over.
 */
class Bounded {
  private readonly prefixes: string[] = [];
  private readonly sources: Source[] = [];
  private readonly made: (Line | undefined)[] = [];
  /** Slots [0, headSize) hold the head; the tail's ring starts at slot headSize + first. */
  private first = 0;
  size = 0;
  dropped = 0;
  private gap: { dropped: number; line: Line } | undefined;
  constructor(
    private readonly headSize: number,
    private readonly tailSize: number,
  ) {}
  push(prefix: string, source: Source) {
    let slot: number;
    if (this.size < this.headSize + this.tailSize) slot = this.size++;
    else if (this.tailSize === 0) {
      this.dropped++;
      return;
    } else {
      // The oldest of the tail gives its slot to the newest.
      slot = this.headSize + this.first;
      this.first = (this.first + 1) % this.tailSize;
      this.dropped++;
    }
    this.prefixes[slot] = prefix;
    this.sources[slot] = source;
    this.made[slot] = undefined;
  }
  /** The line in a slot, written once, then kept: `text()` is asked again after every step in a replay. */
  private line(slot: number): Line {
    let line = this.made[slot];
    if (!line) {
      const prefix = this.prefixes[slot] as string;
      const source = this.sources[slot] as Source;
      this.made[slot] = line = new Line(() => lineText(prefix, source));
    }
    return line;
  }
  /** The lines shown, with `* … n more <what>` between head and tail once some were dropped. */
  shown(what: string): Line[] {
    const out: Line[] = [];
    const head = Math.min(this.size, this.headSize);
    for (let i = 0; i < head; i++) out.push(this.line(i));
    if (this.dropped > 0) {
      if (this.gap?.dropped !== this.dropped) {
        const dropped = this.dropped;
        this.gap = { dropped, line: new Line(() => `* … ${dropped} more ${what}`) };
      }
      out.push(this.gap.line);
    }
    const tail = this.size - head;
    for (let i = 0; i < tail; i++) out.push(this.line(this.headSize + ((this.first + i) % tail)));
    return out;
  }
  lines(what: string): string[] {
    return this.shown(what).map((l) => l.text());
  }
}

export function createExtractiveAccumulator(): SummaryAccumulator {
  const topics = new Bounded(FIRST_TOPICS, LAST_TOPICS);
  const tools = new Map<string, ToolTally>();
  const errors = new Bounded(0, LAST_ERRORS);
  const answers = new Bounded(0, LAST_ANSWERS);
  let steps = 0;
  const headings = new Map<string, Line>();
  const headingLine = (heading: string) => {
    let line = headings.get(heading);
    if (!line) headings.set(heading, (line = new Line(() => heading)));
    return line;
  };
  let earlier: { steps: number; line: Line } | undefined;
  const earlierLine = (n: number) => {
    if (earlier?.steps !== n) earlier = { steps: n, line: new Line(() => `* ${n} earlier steps`) };
    return earlier.line;
  };
  return {
    add(step) {
      steps++;
      switch (step.kind) {
        case 'task':
          topics.push('* Task: ', step.task);
          break;
        case 'action':
          for (const call of step.toolCalls) {
            let t = tools.get(call.name);
            if (!t) tools.set(call.name, (t = { calls: 0, errors: 0, missing: 0 }));
            t.calls++;
            if (call.isError) t.errors++;
            if (call.result === undefined) t.missing++;
            else if (t.last !== call.result) {
              t.last = call.result;
              t.clipped = undefined;
            }
            t.line = undefined;
          }
          if (step.error) errors.push('* ', step.error);
          if (step.isFinal && step.toolCalls.length === 0) answers.push('* ', step);
          break;
        case 'final-answer':
          answers.push('* ', step.answer);
          break;
        case 'planning':
          topics.push('* Plan: ', step.plan);
          break;
        case 'summary':
          topics.push('* Earlier summary: ', step.content);
          break;
        case 'scratchpad':
          topics.push('* Note: ', step.content);
          break;
        case 'system-prompt':
          break;
      }
    },
    text() {
      return sections()
        .map(([heading, lines]) => [heading, ...lines.map((l) => l.text())].join('\n'))
        .join('\n\n');
    },
    tokens(counter) {
      // Every line starts "* " and every heading "## ": each ends where the text may be cut.
      return piecesTokens(
        sections().map(([heading, lines]) => [headingLine(heading), ...lines]),
        counter,
      );
    },
  };

  /** Each section's heading and lines, as `text()` lays them out. */
  function sections(): [string, readonly Line[]][] {
    const out: [string, readonly Line[]][] = [
      ['## Conversation Summary', topics.size > 0 ? topics.shown('topics') : [earlierLine(steps)]],
    ];
    if (tools.size > 0)
      out.push([
        '## Tools Executed',
        [...tools].map(([name, t]) => (t.line ??= new Line(() => toolLine(name, t)))),
      ]);
    if (errors.size > 0) out.push(['## Errors', errors.shown('errors')]);
    if (answers.size > 0) out.push(['## Answers', answers.shown('answers')]);
    return out;
  }
}

function toolLine(name: string, t: ToolTally): string {
  const ok = t.calls - t.errors - t.missing;
  const outcomes = [
    `${ok} ok`,
    t.errors > 0 ? `${t.errors} error${t.errors > 1 ? 's' : ''}` : '',
    t.missing > 0 ? `${t.missing} without result` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const times = t.calls > 1 ? ` ×${t.calls}` : '';
  return `* ${name}${times}: ${outcomes}${t.last !== undefined ? ` — last: ${(t.clipped ??= clip(t.last, 100))}` : ''}`;
}

export function summarizeExtractively(steps: readonly Step[]): string {
  const acc = createExtractiveAccumulator();
  for (const s of steps) acc.add(s);
  return acc.text();
}

export const extractiveSummarizer: Summarizer = {
  id: 'extractive',
  summarize: summarizeExtractively,
  createAccumulator: createExtractiveAccumulator,
};
