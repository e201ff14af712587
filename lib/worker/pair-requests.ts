/**
 * The history worker's answer for paired fleets: the loaded fleet (A) and a second one the user
 * picked (B, read here as a folder or files are read on load) matched task by task
 * (lib/fleet/pair.ts), each run of both compared on the chosen presets through the CLI's own
 * per-run computation (lib/fleet/run.ts `compareFleetRun`), so the app and `stepscope compare A
 * --pair B` give the same numbers. B is read once per pick and kept until another is picked.
 * Progress per run, over both fleets.
 */
import { PRESETS } from '../compare/presets';
import { aggregateFleet, type FleetAggregate, type FleetRun } from '../fleet/aggregate';
import { pairFleets, type PairedTask, type PairSummary } from '../fleet/pair';
import { resultsAmong } from '../fleet/results-file';
import { compareRunOfFleet, taskIdOf, type NamedChoice } from '../fleet/run';
import { folderName, importSources, isHistoryFileName } from '../import/files';
import type { History, HistoryFile } from '../model/types';
import type { TokensFor } from './compare-requests';
import { readAll } from './load-files';
import type { PairRequest, PairResponse, PickedFile, WorkerResponse } from './protocol';

/** The second fleet as read: its runs, its name, and the files that did not import. */
export interface PairedFleet {
  readonly name: string;
  /** The picked paths that held runs (a score file beside them did not). */
  readonly runPaths: readonly string[];
  readonly file: HistoryFile;
  readonly warnings: readonly string[];
  /** A results file picked with B's runs (a submission's `results_summary.json`): their verdicts. */
  readonly resolved?: ReadonlyMap<string, boolean>;
}

/** Reads fleet B's picked files; files that are not runs (a score file beside them) are named, not fatal. */
export async function readPairedFleet(
  files: readonly PickedFile[],
  onProgress: (fraction: number) => void,
): Promise<PairedFleet> {
  const failures: string[] = [];
  const wanted = files.length > 1 ? files.filter((f) => isHistoryFileName(f.path)) : files;
  const read = await readAll(wanted, failures, onProgress);
  // A results file among B's files is its runs' verdicts, as on load (lib/fleet/results-file.ts).
  const results = read.length > 1 ? resultsAmong(read) : undefined;
  const sources = results ? read.filter((s) => s !== results.source) : read;
  const loaded = importSources(sources, failures);
  if (loaded.histories.length === 0)
    throw new Error(`No run in the fleet to pair with: ${failures.join('; ') || 'no file'}`);
  const name =
    sources.length === 1
      ? (sources[0] as { path: string }).path
      : sources.some((s) => s.path.includes('/'))
        ? folderName(sources)
        : `${sources.length} files`;
  const failed = (path: string) => failures.some((f) => f.startsWith(`${path}: `));
  return {
    name,
    runPaths: sources.map((s) => s.path).filter((p) => !failed(p)),
    file: { histories: loaded.histories },
    warnings: [...(results ? [results.note] : []), ...failures, ...loaded.warnings],
    ...(results ? { resolved: results.resolved } : {}),
  };
}

/** The presets a request names, in its order; an unknown id is an error naming the known ones. */
export function pairChoices(ids: readonly string[]): NamedChoice[] {
  return ids.map((id) => {
    const preset = PRESETS.find((p) => p.id === id);
    if (!preset)
      throw new Error(`unknown preset "${id}" (known: ${PRESETS.map((p) => p.id).join(', ')})`);
    return { id, choice: preset.choice };
  });
}

/** Each run of a fleet compared, its model's window and price as the CLI takes them. */
function fleetRuns(
  histories: readonly History[],
  fileName: string,
  choices: readonly NamedChoice[],
  request: PairRequest,
  tokensFor: TokensFor,
  done: () => void,
  resolved: ReadonlyMap<string, boolean> | undefined,
): FleetRun[] {
  const tokens = tokensFor({ tokenizer: request.tokenizer, dialect: request.dialect });
  const prices = request.prices ? { prices: request.prices } : {};
  return histories.map((h, index) => {
    const place = { index, file: fileName, run: index };
    const run = compareRunOfFleet(
      h,
      place,
      { choices, tokens, ...prices },
      resolved?.get(taskIdOf(h)),
    );
    done();
    return run;
  });
}

export function pairAnswer(
  a: HistoryFile | undefined,
  b: PairedFleet,
  request: PairRequest,
  post: (message: WorkerResponse) => void,
  tokensFor: TokensFor,
  /** The verdicts of a results file loaded with fleet A. */
  resolvedA?: ReadonlyMap<string, boolean>,
): PairResponse {
  if (!a) throw new Error('No history is loaded');
  const { requestId } = request;
  const choices = pairChoices(request.presets);
  const total = a.histories.length + b.file.histories.length;
  const every = Math.max(1, Math.floor(total / 50));
  let done = 0;
  const tick = () => {
    done++;
    if (done % every === 0 || done === total)
      post({ type: 'progress', requestId, progress: 0.1 + (0.9 * done) / total });
  };
  const runsA = fleetRuns(a.histories, 'A', choices, request, tokensFor, tick, resolvedA);
  const runsB = fleetRuns(b.file.histories, 'B', choices, request, tokensFor, tick, b.resolved);
  const { tasks, summary } = pairFleets(runsA, runsB);
  const matched = new Set(tasks.map((t) => t.task));
  const ids = choices.map((c) => c.id);
  const on = (runs: readonly FleetRun[]): FleetAggregate =>
    aggregateFleet(
      ids,
      runs.filter((r) => matched.has(r.task)),
    );
  return {
    type: 'paired',
    requestId,
    name: b.name,
    runPaths: b.runPaths,
    warnings: b.warnings,
    tasks,
    summary,
    strategies: { a: on(runsA), b: on(runsB) },
  };
}

export type { PairedTask, PairSummary };
