/**
 * A run as a list of runs shows it (the run picker, the fleet overview; the worker sends one per run
 * of a loaded file and keeps the runs themselves), with what its outcome means across formats.
 */
import { answerVerdict } from './answer-verdict';
import type { HistoryFile } from './types';

/**
 * What an outcome says, whatever the format wrote: a benchmark's verdict (`resolved`, `failed`,
 * `partial`), an agent that handed in a patch no grader has judged (`submitted`), a run that ended
 * on an error or a limit (`error`), or something else the format records (`other`).
 */
export const OUTCOME_KINDS = [
  'resolved',
  'partial',
  'failed',
  'submitted',
  'error',
  'other',
] as const;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];

/** One run of a loaded file as the run picker lists it; the worker holds the run itself. */
export interface RunSummary {
  readonly id: string;
  readonly title?: string;
  readonly steps: number;
  /** What the file records of how the run ended, as it says it (`reward 1`, `Submitted`, …). */
  readonly outcome?: string;
}

// Inspect's score values (inspect_ai/scorer/_metric.py: CORRECT "C", INCORRECT "I", PARTIAL "P",
// NOANSWER "N"), as the importer writes them: `<scorer> "C"` (lib/import/inspect-ai.ts scoreText).
const INSPECT_SCORE = /^\S+ "?([CIPN]|-?\d+(?:\.\d+)?|true|false)"?(?: ·|$)/;
// SWE-agent and mini-swe-agent exit statuses that end a run without a submission: `exit_cost`,
// `exit_context`, `exit_format`, `exit_error`, `LimitsExceeded`, `FormatError`, `TimeoutExpired`
// and exception names (SWE-agent's agents.py, mini-swe-agent's agents/default.py).
const STOPPED = /error|exit_|limit|timeout|exception|format/i;

function fromScore(value: number): OutcomeKind {
  return value >= 1 ? 'resolved' : value <= 0 ? 'failed' : 'partial';
}

/**
 * What an outcome string means. The importers write it (lib/import): tau-bench and tau2 `reward r`,
 * OpenHands' resolver `resolved` / `not resolved` / `error: …`, SWE-agent and mini-swe-agent
 * `info.exit_status` (`Submitted`, or why the run stopped), Inspect `<scorer> <value> · target …`,
 * smolagents `answer … · expected …` (judged by the benchmark's own exact match: lib/model/answer-verdict.ts;
 * `other` when the label cannot tell or names no expected answer).
 */
export function outcomeKind(outcome: string | undefined): OutcomeKind | undefined {
  if (outcome === undefined || outcome === '') return undefined;
  const reward = /^reward (-?\d+(?:\.\d+)?)/.exec(outcome);
  if (reward) return fromScore(Number(reward[1]));
  if (/^resolved$/i.test(outcome)) return 'resolved';
  if (/^not resolved$/i.test(outcome)) return 'failed';
  if (/^error\b/i.test(outcome)) return 'error';
  if (/^submitted\b/i.test(outcome)) return 'submitted';
  // smolagents' `answer … · expected …` (lib/import/smolagents.ts): the benchmark's exact match.
  if (/^answer /.test(outcome)) {
    const solved = answerVerdict(outcome);
    return solved === null ? 'other' : solved ? 'resolved' : 'failed';
  }
  const score = INSPECT_SCORE.exec(outcome)?.[1];
  if (score !== undefined) {
    if (score === 'C' || score === 'true') return 'resolved';
    if (score === 'I' || score === 'N' || score === 'false') return 'failed';
    if (score === 'P') return 'partial';
    return fromScore(Number(score));
  }
  if (STOPPED.test(outcome)) return 'error';
  return 'other';
}

/** The runs of a file, summarized (the worker owns the file; the page gets the run on screen). */
export function summarizeRuns(file: HistoryFile): RunSummary[] {
  return file.histories.map((h) => ({
    id: h.id,
    steps: h.steps.length,
    ...(h.title ? { title: h.title } : {}),
    ...(h.outcome ? { outcome: h.outcome } : {}),
  }));
}
