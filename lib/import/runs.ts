/**
 * Files that hold several runs (an evaluation's output JSONL, a results file's simulations, a log's
 * samples): each run is read on its own, so one run that cannot be read costs that run, never the
 * file. Issue 23: two OpenHands instances with an empty `history` made a 45-line eval output fail
 * that, without them, opens as 43 runs.
 */
import type { History } from '../model/types';
import { errorOf } from './guards';
import { recordLine } from './read';
import { type ImportWarning } from './types';
import { ImportError } from '../model/errors';

/** How a warning names an error that is not an importer's refusal (a bug in Stepscope). */
export const BUG = 'an error in Stepscope (please report it)';

/** One run read: its history and the warnings already prefixed the way the importer names runs. */
export interface RunRead {
  readonly history: History;
  readonly warnings: readonly ImportWarning[];
}

/**
 * Where a run sits, as a person finds it: `line N` in a JSONL file (its record's line), else the
 * run's place in the file's list, then what names it (`instance <id>`, `task <id>`).
 */
export function runPlace(
  records: readonly unknown[] | undefined,
  index: number,
  name: string | undefined,
  list = 'run',
): string {
  const line = records ? recordLine(records, index) : undefined;
  const where = line === undefined ? `${list} ${index}` : `line ${line}`;
  return name === undefined ? where : `${where} (${name})`;
}

/** A run's first problem with its expected shape, as `at <pointer>: <zod's message>`. */
export function firstProblem(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  pointer: string,
): string {
  const issue = issues[0];
  const path = (issue?.path ?? []).map((p) => `/${String(p)}`).join('');
  return `at ${pointer}${path}: ${issue?.message ?? 'not the expected shape'}`;
}

/**
 * Reads every run with `read`. A run that throws, or whose history holds no step, becomes the
 * warning `<place>: <why>; the run was skipped` and the others load. The file fails only when no
 * run can be read, with the first run's reason.
 */
export function readRuns<R>(
  runs: readonly R[],
  read: (run: R, index: number) => RunRead,
  place: (run: R, index: number) => string,
  fileName: string,
  pointer: (index: number) => string = (i) => `/${i}`,
): { histories: History[]; warnings: ImportWarning[] } {
  const histories: History[] = [];
  const warnings: ImportWarning[] = [];
  let first: string | undefined;
  runs.forEach((run, i) => {
    let why: string;
    try {
      const { history, warnings: own } = read(run, i);
      if (history.steps.length > 0) {
        histories.push(history);
        warnings.push(...own);
        return;
      }
      why = 'it holds no message, action or result';
    } catch (error) {
      // An importer's refusal names the file first: the run's place says it here. Any other error
      // is a bug: the run is still skipped (the others are worth reading), and the warning says so
      // (the importer fuzz fails on it).
      const message = errorOf(error).message.replace(`${fileName}: `, '');
      why = error instanceof ImportError ? message : `${BUG}: ${message}`;
    }
    const message = `${place(run, i)}: ${why}`;
    first ??= message;
    warnings.push({ message: `${message}; the run was skipped`, pointer: pointer(i) });
  });
  if (histories.length === 0)
    throw new ImportError(
      `${fileName}: none of its ${runs.length} run(s) could be read (the first: ${first ?? 'no run'})`,
    );
  return { histories, warnings };
}
