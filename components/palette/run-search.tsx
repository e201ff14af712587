'use client';
/**
 * The run picker's search (a file of 115 or 3,200 runs is more than a drop-down can be read in): a
 * button opening a searchable list of every run, by title, id and outcome, as GitHub's branch
 * picker opens a filter over its branches. Fuzzy, ranked, and only the best shown (rank.ts).
 */
import { useMemo, useState } from 'react';
import type { RunSummary } from '../../lib/model/run-summary';
import { runEntry, type PaletteEntry } from '../../lib/state/palette';
import { Button } from '../ui/button';
import { EntryItem } from './entry-item';
import { PaletteDialog, PaletteSection } from './palette-dialog';
import { rankEntries } from './rank';

/** Runs listed at once: the best matches, or the first of a long file before anything is typed. */
const SHOWN = 60;

function RunSearchBody(props: {
  runs: readonly RunSummary[];
  onSelect(index: number): void;
  onClose(): void;
}) {
  const [search, setSearch] = useState('');
  const entries = useMemo(() => props.runs.map(runEntry), [props.runs]);
  const [ranked] = useMemo(() => rankEntries(entries, search, SHOWN), [entries, search]);
  const pick = (entry: PaletteEntry) => {
    props.onClose();
    if (entry.kind === 'run') props.onSelect(entry.index);
  };
  return (
    <PaletteDialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      label="Find a run"
      placeholder={`Search ${props.runs.length.toLocaleString('en-US')} runs by title, id or outcome…`}
      search={search}
      onSearch={setSearch}
      empty="No run matches."
      footer={
        ranked && ranked.more > 0
          ? `${ranked.entries.length} of ${(ranked.entries.length + ranked.more).toLocaleString('en-US')} shown: type more to narrow`
          : '↑↓ to move · Enter to show the run · Esc to close'
      }
    >
      {ranked && (
        <PaletteSection heading="Runs">
          {ranked.entries.map((entry) => (
            <EntryItem key={entry.key} entry={entry} onPick={pick} />
          ))}
        </PaletteSection>
      )}
    </PaletteDialog>
  );
}

export function RunSearch(props: { runs: readonly RunSummary[]; onSelect(index: number): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Find a run…
      </Button>
      {open && (
        <RunSearchBody runs={props.runs} onSelect={props.onSelect} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
