'use client';
/** One palette entry as the palette and the run search list it: label, detail, and what it is. */
import type { PaletteEntry } from '../../lib/state/palette';
import { KindBadge } from '../ui/badge';
import { PaletteItem } from './palette-dialog';

export function EntryItem(props: { entry: PaletteEntry; onPick(entry: PaletteEntry): void }) {
  const { entry } = props;
  return (
    <PaletteItem
      value={entry.key}
      onSelect={() => props.onPick(entry)}
      {...(entry.detail !== undefined ? { detail: entry.detail } : {})}
      {...(entry.kind === 'step' ? { aside: <KindBadge kind={entry.stepKind} /> } : {})}
    >
      {entry.label}
    </PaletteItem>
  );
}
