/** Files and folders read as the app reads them, for every command. */
import { openAsBlob, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { readSource, type ImportResult, type ParsedSource } from '../lib/import';
import { importSources, isHistoryFileName } from '../lib/import/files';
import { resultsAmong } from '../lib/fleet/results-file';

/** A mistake in the command line: exit code 2. */
export class UsageError extends Error {}

/** The files under a path: itself, or every file in a folder (recursively), with paths relative to the folder's parent. */
function filesUnder(path: string): { full: string; rel: string }[] {
  let stat;
  try {
    stat = statSync(path);
  } catch (error) {
    throw new UsageError(
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  if (!stat.isDirectory()) return [{ full: path, rel: basename(path) }];
  const base = dirname(resolve(path));
  const out: { full: string; rel: string }[] = [];
  const walk = (p: string) => {
    for (const entry of readdirSync(p, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = join(p, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push({ full, rel: relative(base, full).split(sep).join('/') });
    }
  };
  walk(resolve(path));
  return out.sort((a, b) => a.rel.localeCompare(b.rel));
}

/** The size of the files under the paths, in bytes (0 for a path that cannot be read). */
export function bytesUnder(paths: readonly string[]): number {
  let n = 0;
  for (const p of paths) {
    try {
      n += filesUnder(p).reduce((sum, f) => sum + statSync(f.full).size, 0);
    } catch {
      // readPaths reports it.
    }
  }
  return n;
}

/** Files and folders as the app reads them: a folder's files together, so folder formats are found. */
export async function readPaths(paths: readonly string[]): Promise<
  ImportResult & {
    format: string;
    sources: string[];
    /** A benchmark's results file among the files (lib/fleet/results-file.ts), as the app sets it aside. */
    resolved?: ReadonlyMap<string, boolean>;
  }
> {
  const all = paths.flatMap(filesUnder);
  const picked = all.length > 1 ? all.filter((f) => isHistoryFileName(f.rel)) : all;
  if (picked.length === 0)
    throw new UsageError(`${paths.join(' ')}: no .json, .jsonl or .traj file to read`);
  const failures: string[] = [];
  // Read as the app reads a picked file: in chunks, JSONL line by line, any encoding the file announces.
  const sources: ParsedSource[] = [];
  for (const f of picked) {
    try {
      sources.push(await readSource(await openAsBlob(f.full), f.rel));
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  // A results file among several files is the runs' verdicts, not a history: read as the app reads it.
  const results = sources.length > 1 ? resultsAmong(sources) : undefined;
  const loaded = importSources(
    results ? sources.filter((s) => s !== results.source) : sources,
    failures,
  );
  if (loaded.histories.length === 0) throw new Error(failures.join('; '));
  // Files that failed among others that loaded are warnings; the exit code stays 0 for what loaded.
  const warnings = [
    ...(results ? [results.note] : []),
    ...failures.map((f) => `not loaded: ${f}`),
    ...loaded.warnings,
  ].map((message) => ({ message }));
  return {
    ...(results ? { resolved: results.resolved } : {}),
    file: { histories: loaded.histories },
    format: [...new Set(loaded.formats)].join(', '),
    warnings,
    sources: sources.map((s) => s.path),
  };
}
