/**
 * Summarizers for the summarizing strategies. The built-in one is deterministic and offline: an
 * extractive summary of tasks, tool names and outcomes, errors and final answers, laid out in the
 * sections Strands' DEFAULT_SUMMARIZATION_PROMPT asks a model for ("## Conversation Summary",
 * "## Tools Executed"). It is bounded, as a summary must be: the first and latest tasks with a count
 * of the rest, one line per tool, the latest errors and answers. It is built incrementally, so a
 * replay can extend one summary step by step instead of re-reading the history at every call.
 */
import { assistantText } from '../../lib/model/steps';
import type { Step } from '../../lib/model/types';
import { pyLen, pyPrefix } from '../../lib/text/python-string';

export interface SummaryAccumulator {
  add(step: Step): void;
  text(): string;
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
  const flat = text.replace(/\s+/g, ' ').trim();
  return pyLen(flat) > max ? `${pyPrefix(flat, max)}…` : flat;
}

interface ToolTally {
  calls: number;
  errors: number;
  missing: number;
  last?: string;
}

/** Keeps the first `head` and the last `tail` lines pushed, counting the ones in between. */
class Bounded {
  readonly head: string[] = [];
  readonly tail: string[] = [];
  dropped = 0;
  constructor(
    private readonly headSize: number,
    private readonly tailSize: number,
  ) {}
  push(line: string) {
    if (this.head.length < this.headSize) {
      this.head.push(line);
      return;
    }
    this.tail.push(line);
    if (this.tail.length > this.tailSize) {
      this.tail.shift();
      this.dropped++;
    }
  }
  get size() {
    return this.head.length + this.tail.length;
  }
  lines(what: string): string[] {
    const gap = this.dropped > 0 ? [`* … ${this.dropped} more ${what}`] : [];
    return [...this.head, ...gap, ...this.tail];
  }
}

export function createExtractiveAccumulator(): SummaryAccumulator {
  const topics = new Bounded(FIRST_TOPICS, LAST_TOPICS);
  const tools = new Map<string, ToolTally>();
  const errors = new Bounded(0, LAST_ERRORS);
  const answers = new Bounded(0, LAST_ANSWERS);
  let steps = 0;
  return {
    add(step) {
      steps++;
      switch (step.kind) {
        case 'task':
          topics.push(`* Task: ${clip(step.task)}`);
          break;
        case 'action':
          for (const call of step.toolCalls) {
            const t = tools.get(call.name) ?? { calls: 0, errors: 0, missing: 0 };
            t.calls++;
            if (call.isError) t.errors++;
            if (call.result === undefined) t.missing++;
            else t.last = clip(call.result, 100);
            tools.set(call.name, t);
          }
          if (step.error) errors.push(`* ${clip(step.error)}`);
          if (step.isFinal && step.toolCalls.length === 0)
            answers.push(`* ${clip(assistantText(step))}`);
          break;
        case 'final-answer':
          answers.push(`* ${clip(step.answer)}`);
          break;
        case 'planning':
          topics.push(`* Plan: ${clip(step.plan)}`);
          break;
        case 'summary':
          topics.push(`* Earlier summary: ${clip(step.content)}`);
          break;
        case 'scratchpad':
          topics.push(`* Note: ${clip(step.content)}`);
          break;
        case 'system-prompt':
          break;
      }
    },
    text() {
      const topicLines = topics.size > 0 ? topics.lines('topics') : [`* ${steps} earlier steps`];
      const sections = [`## Conversation Summary\n${topicLines.join('\n')}`];
      if (tools.size > 0)
        sections.push(
          `## Tools Executed\n${[...tools].map(([name, t]) => toolLine(name, t)).join('\n')}`,
        );
      if (errors.size > 0) sections.push(`## Errors\n${errors.lines('errors').join('\n')}`);
      if (answers.size > 0) sections.push(`## Answers\n${answers.lines('answers').join('\n')}`);
      return sections.join('\n\n');
    },
  };
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
  return `* ${name}${times}: ${outcomes}${t.last !== undefined ? ` — last: ${t.last}` : ''}`;
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
