'use client';
/**
 * The command palette (Ctrl/⌘+K), as Linear's and VS Code's: one search over the file's runs, the
 * steps of the history on screen, the preset strategies and the views; picking one goes there
 * (lib/state/palette.ts). It reads the store itself when it opens and changes only the store.
 */
import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { currentHistory } from '../../lib/state/debugger-store';
import { applyPaletteEntry, paletteEntries, type PaletteEntry } from '../../lib/state/palette';
import { useDebuggerStore, useDebuggerStoreApi } from '../contexts/store-context';
import { EntryItem } from './entry-item';
import { PaletteDialog, PaletteSection } from './palette-dialog';
import { rankEntries } from './rank';

/** Entries shown per group: enough to pick from, few enough to render at once on every key. */
const PER_GROUP = 8;

function PaletteBody(props: { onClose(): void }) {
  const store = useDebuggerStoreApi();
  const { runs, history } = useDebuggerStore(
    useShallow((s) => ({ runs: s.loaded?.runs, history: currentHistory(s) })),
  );
  const [search, setSearch] = useState('');
  const entries = useMemo(() => paletteEntries(runs ?? [], history?.steps ?? []), [runs, history]);
  const groups = useMemo(() => rankEntries(entries, search, PER_GROUP), [entries, search]);
  const pick = (entry: PaletteEntry) => {
    props.onClose();
    applyPaletteEntry(store.getState(), entry);
  };
  const more = groups.reduce((n, g) => n + g.more, 0);
  return (
    <PaletteDialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      label="Command palette"
      placeholder={
        runs && runs.length > 1
          ? 'Jump to a run, a step, a strategy or a view…'
          : 'Jump to a step, a strategy or a view…'
      }
      search={search}
      onSearch={setSearch}
      footer={
        <>
          ↑↓ to move · Enter to go · Esc to close
          {more > 0 && ` · ${more.toLocaleString('en-US')} more match: type more to narrow`}
        </>
      }
    >
      {groups.map((g) => (
        <PaletteSection key={g.group} heading={g.group}>
          {g.entries.map((entry) => (
            <EntryItem key={entry.key} entry={entry} onPick={pick} />
          ))}
        </PaletteSection>
      ))}
    </PaletteDialog>
  );
}

/** The palette, mounted while open (its search starts empty each time). */
export function CommandPalette(props: { open: boolean; onClose(): void }) {
  return props.open ? <PaletteBody onClose={props.onClose} /> : null;
}
