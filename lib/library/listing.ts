/** What the library page shows: entries matching a search, in the chosen order; sizes and dates as people read them. */
import type { FileSummary } from './library';

export type LibrarySort = 'opened' | 'added' | 'name' | 'size' | 'steps';

export const SORT_LABELS: Record<LibrarySort, string> = {
  opened: 'Last opened',
  added: 'First added',
  name: 'Name',
  size: 'Size',
  steps: 'Steps',
};

/** Entries whose name or format contains every word of the query (any case), sorted. */
export function listEntries(
  entries: readonly FileSummary[],
  query: string,
  sort: LibrarySort,
): FileSummary[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matching = entries.filter((e) => {
    const text = `${e.name} ${e.format}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  const by: Record<LibrarySort, (a: FileSummary, b: FileSummary) => number> = {
    opened: (a, b) => b.openedAt - a.openedAt,
    added: (a, b) => a.addedAt - b.addedAt,
    name: (a, b) => a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' }),
    size: (a, b) => b.size - a.size,
    steps: (a, b) => b.steps - a.steps,
  };
  return matching.sort((a, b) => by[sort](a, b) || a.id.localeCompare(b.id));
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
