'use client';
/**
 * The page's keyboard: one `keydown` listener matching presses against the bindings table
 * (shortcuts.ts) and running the commands (commands.ts), and the two dialogs the keys open, the
 * shortcuts list (`?`) and the command palette (Ctrl/⌘+K). A press another handler already took
 * (`preventDefault`), or one made while composing text (an IME), is left alone.
 */
import { useEffect, useState } from 'react';
import { CommandPalette } from '../palette/command-palette';
import { useDebuggerStoreApi } from '../contexts/store-context';
import { runCommand, type CommandContext } from './commands';
import { keyTargetOf } from './key-target';
import { shortcutOf } from './shortcuts';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useStepOrderHolder } from './step-order';

export function KeyboardShortcuts() {
  const store = useDebuggerStoreApi();
  const order = useStepOrderHolder();
  const [dialog, setDialog] = useState<'help' | 'palette'>();
  const [ctx] = useState<CommandContext>(() => ({ store, order, openDialog: setDialog }));
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const id = shortcutOf(e, keyTargetOf(e.target));
      if (id !== undefined && runCommand(id, ctx)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ctx]);
  const close = () => setDialog(undefined);
  return (
    <>
      <ShortcutsDialog
        open={dialog === 'help'}
        onClose={close}
        onRun={(id) => runCommand(id, ctx)}
      />
      <CommandPalette open={dialog === 'palette'} onClose={close} />
    </>
  );
}
