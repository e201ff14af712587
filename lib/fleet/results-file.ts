/**
 * A benchmark's results file picked among its runs (a submission's folder holds
 * `results_summary.json` beside `trajs/`): which of the picked files is one, read with
 * `resolvedByTask` (lib/fleet/results.ts). It is the runs' verdicts, not a history, so the app sets
 * it aside before importing and the fleet comparison splits by it, as the CLI's `--results` does.
 */
import { resolvedByTask } from './results';

export interface ResultsFile<S> {
  readonly source: S;
  readonly resolved: ReadonlyMap<string, boolean>;
  /** What the load tells the user it did with the file. */
  readonly note: string;
}

/** The first parsed file that reads as a results file, or undefined. */
export function resultsAmong<S extends { readonly path: string; readonly value: unknown }>(
  sources: readonly S[],
): ResultsFile<S> | undefined {
  for (const source of sources) {
    let resolved: Map<string, boolean>;
    try {
      resolved = resolvedByTask(source.value);
    } catch {
      continue;
    }
    if (resolved.size === 0) continue;
    const solved = [...resolved.values()].filter(Boolean).length;
    return {
      source,
      resolved,
      note: `${source.path} read as the benchmark's results: ${solved} of ${resolved.size} tasks resolved (the fleet comparison splits by it)`,
    };
  }
  return undefined;
}
