/**
 * The palette's search: cmdk's own fuzzy score (command-score, `defaultFilter`: letters in order,
 * word starts and contiguous runs scoring higher) over each entry's label and detail, the best
 * first, a few per group. cmdk filters what it renders; a long run has 10,000 steps and a fleet
 * 3,200 runs, so the palette ranks here and renders only what it shows (`shouldFilter={false}`).
 */
import { defaultFilter } from 'cmdk';
import type { PaletteEntry, PaletteGroup } from '../../lib/state/palette';

export interface RankedGroup {
  readonly group: PaletteGroup;
  readonly entries: readonly PaletteEntry[];
  /** Entries of the group that matched but are not shown. */
  readonly more: number;
}

const GROUPS: readonly PaletteGroup[] = ['Runs', 'Steps', 'Strategies', 'Views'];

/**
 * Entries matching `query`, grouped, best first (groups by their best match); with no query, each
 * group's first entries in their own order. At most `perGroup` entries per group.
 */
export function rankEntries(
  entries: readonly PaletteEntry[],
  query: string,
  perGroup: number,
): RankedGroup[] {
  const q = query.trim();
  const scored = new Map<PaletteGroup, { entry: PaletteEntry; score: number }[]>();
  for (const entry of entries) {
    const score = q === '' ? 1 : defaultFilter(entry.label, q, entry.detail ? [entry.detail] : []);
    if (score <= 0) continue;
    let list = scored.get(entry.group);
    if (!list) scored.set(entry.group, (list = []));
    list.push({ entry, score });
  }
  const groups = GROUPS.flatMap((group) => {
    const list = scored.get(group);
    if (!list) return [];
    // Array sort is stable: equal scores keep the entries' own order.
    if (q !== '') list.sort((a, b) => b.score - a.score);
    return [
      {
        group,
        best: list[0]?.score ?? 0,
        entries: list.slice(0, perGroup).map((s) => s.entry),
        more: Math.max(0, list.length - perGroup),
      },
    ];
  });
  if (q !== '') groups.sort((a, b) => b.best - a.best);
  return groups.map(({ group, entries: shown, more }) => ({ group, entries: shown, more }));
}
