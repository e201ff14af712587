import { describe, expect, it } from 'vitest';
import type { FileSummary } from './library';
import { formatBytes, listEntries } from './listing';

const entry = (
  id: string,
  name: string,
  format: string,
  size: number,
  addedAt: number,
  openedAt: number,
  steps: number,
): FileSummary => ({ id, name, format, size, runs: 1, steps, addedAt, openedAt });
const entries = [
  entry('a', 'tau-bench airline.json', 'openai-messages', 35_080, 1, 50, 42),
  entry('b', 'session 10.jsonl', 'claude-code', 10_083, 2, 40, 25),
  entry('c', 'session 9.jsonl', 'claude-code', 900_000, 3, 60, 120),
];

describe('library listing', () => {
  it('searches name and format by every word, any case', () => {
    expect(listEntries(entries, 'CLAUDE', 'name').map((e) => e.id)).toEqual(['c', 'b']);
    expect(listEntries(entries, 'session 10', 'name').map((e) => e.id)).toEqual(['b']);
    expect(listEntries(entries, 'nothing', 'name')).toEqual([]);
  });

  it('sorts by last opened, first added, name (numbers in order), size and steps', () => {
    expect(listEntries(entries, '', 'opened').map((e) => e.id)).toEqual(['c', 'a', 'b']);
    expect(listEntries(entries, '', 'added').map((e) => e.id)).toEqual(['a', 'b', 'c']);
    expect(listEntries(entries, '', 'name').map((e) => e.id)).toEqual(['c', 'b', 'a']);
    expect(listEntries(entries, '', 'size').map((e) => e.id)).toEqual(['c', 'a', 'b']);
    expect(listEntries(entries, '', 'steps').map((e) => e.id)).toEqual(['c', 'a', 'b']);
  });

  it('writes sizes as people read them', () => {
    expect([
      formatBytes(512),
      formatBytes(35_080),
      formatBytes(3 * 1024 ** 2),
      formatBytes(1.5 * 1024 ** 3),
    ]).toEqual(['512 B', '34.3 KB', '3.0 MB', '1.50 GB']);
  });
});
