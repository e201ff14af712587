/**
 * A fleet as the `compare` command reads it: every run of the files and folders given, each with
 * the file it came from and its place there, sorted by file path then run (the stable order that
 * `--shard k/n` cuts and `merge` restores).
 */
import type { RunPlace } from '../lib/fleet/run';
import type { History } from '../lib/model/types';
import { readPaths } from './read-paths';

const byCodeUnit = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * The file a run came from: a history read from one of several files carries that file's path as
 * its id or before its title (lib/import/files.ts); a folder format's runs (a Claude Code project,
 * an OpenHands session) come from the folder; the only file when there is one.
 */
function fileOf(h: History, sources: readonly string[]): string {
  if (sources.length === 1) return sources[0] as string;
  let best = '';
  for (const p of sources) {
    const from =
      h.id === p ||
      h.id.startsWith(`${p}#`) ||
      h.title === p ||
      (h.title?.startsWith(`${p} · `) ?? false);
    if (from && p.length > best.length) best = p;
  }
  return best || (h.id.split('#')[0] as string);
}

/** Every run under the paths, in the fleet's order, and what the import warned about. */
export async function loadFleet(paths: readonly string[]): Promise<{
  runs: { history: History; place: RunPlace }[];
  warnings: string[];
  /** The verdicts of a results file found among the files (as the app reads one). */
  resolved?: ReadonlyMap<string, boolean>;
}> {
  const read = await readPaths(paths);
  const placed = read.file.histories.map((history, order) => ({
    history,
    file: fileOf(history, read.sources),
    order,
  }));
  // The import keeps each file's runs in file order; the sort keeps that within a file.
  placed.sort((a, b) => byCodeUnit(a.file, b.file) || a.order - b.order);
  const seen = new Map<string, number>();
  const runs = placed.map(({ history, file }, index) => {
    const run = seen.get(file) ?? 0;
    seen.set(file, run + 1);
    return { history, place: { index, file, run } };
  });
  return {
    runs,
    warnings: read.warnings.map((w) => w.message),
    ...(read.resolved ? { resolved: read.resolved } : {}),
  };
}
