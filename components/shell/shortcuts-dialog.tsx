'use client';
/**
 * The `?` dialog: every shortcut from the bindings table (shortcuts.ts, the same table the handler
 * matches), searchable as Linear's shortcut list is; picking one runs it.
 */
import { useMemo, useState } from 'react';
import { Kbd, PaletteDialog, PaletteItem, PaletteSection } from '../palette/palette-dialog';
import { SHORTCUTS, type CommandId } from './shortcuts';

function ShortcutsBody(props: { onClose(): void; onRun(id: CommandId): void }) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return SHORTCUTS.filter(
      (s) => q === '' || `${s.label} ${s.keys.join(' ')}`.toLowerCase().includes(q),
    );
  }, [search]);
  return (
    <PaletteDialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      label="Keyboard shortcuts"
      placeholder="Search the shortcuts…"
      search={search}
      onSearch={setSearch}
      empty="No shortcut matches."
      footer="Keys act on the page, not while you type in a field; Ctrl/⌘+K works everywhere."
    >
      <PaletteSection heading="Keyboard shortcuts">
        {shown.map((s) => (
          <PaletteItem
            key={s.id}
            value={s.id}
            onSelect={() => {
              props.onClose();
              props.onRun(s.id);
            }}
            aside={
              <span className="flex items-center gap-1">
                {s.keys.map((k, i) => (
                  <span key={k} className="flex items-center gap-1">
                    {i > 0 && <span className="text-xs text-slate-600">or</span>}
                    <Kbd>{k}</Kbd>
                  </span>
                ))}
              </span>
            }
          >
            <span className="font-normal">{s.label}</span>
          </PaletteItem>
        ))}
      </PaletteSection>
    </PaletteDialog>
  );
}

export function ShortcutsDialog(props: {
  open: boolean;
  onClose(): void;
  onRun(id: CommandId): void;
}) {
  return props.open ? <ShortcutsBody onClose={props.onClose} onRun={props.onRun} /> : null;
}
