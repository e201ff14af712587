'use client';
/**
 * A searchable list in a modal dialog: cmdk (pacocoursey/cmdk; the combobox-and-listbox pattern,
 * arrow keys, Enter, typeahead) inside its Radix Dialog (focus kept inside, Escape closes, focus
 * goes back to what opened it), drawn as the kit's dialogs are (components/ui/dialog.tsx). The
 * command palette, the shortcuts list and the run search are this dialog with their own entries.
 */
import { Command } from 'cmdk';
import type { ReactNode } from 'react';

export function PaletteDialog(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The dialog's and the search field's accessible name. */
  label: string;
  placeholder: string;
  search: string;
  onSearch(search: string): void;
  /** Said when nothing matches. */
  empty?: string;
  /** Under the list: how to get more, which keys do what. */
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Command.Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      label={props.label}
      shouldFilter={false}
      loop
      overlayClassName="fixed inset-0 z-40 bg-black/50"
      contentClassName="fixed left-1/2 top-[10vh] z-50 flex max-h-[80vh] w-[min(42rem,calc(100vw-2rem))] -translate-x-1/2 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white text-slate-900 shadow-xl"
    >
      <Command.Input
        value={props.search}
        onValueChange={props.onSearch}
        placeholder={props.placeholder}
        className="w-full border-b border-slate-200 bg-transparent px-4 py-3 text-sm text-slate-900 outline-none placeholder:text-slate-500"
      />
      <Command.List className="min-h-0 flex-1 overflow-y-auto p-2 text-sm [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-slate-600">
        <Command.Empty className="px-3 py-6 text-center text-slate-600">
          {props.empty ?? 'Nothing matches.'}
        </Command.Empty>
        {props.children}
      </Command.List>
      {props.footer && (
        <div className="border-t border-slate-200 px-4 py-2 text-xs text-slate-600">
          {props.footer}
        </div>
      )}
    </Command.Dialog>
  );
}

/** One entry of a palette: its text, then what it is, then (optionally) keys on the right. */
export function PaletteItem(props: {
  value: string;
  onSelect(): void;
  children: ReactNode;
  detail?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <Command.Item
      value={props.value}
      onSelect={props.onSelect}
      className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-slate-800 data-[selected=true]:bg-blue-50 data-[selected=true]:text-slate-900"
    >
      <span
        className={`min-w-0 font-medium ${props.detail !== undefined ? 'max-w-[60%] shrink-0 truncate' : 'flex-1'}`}
      >
        {props.children}
      </span>
      {props.detail !== undefined && (
        <span className="min-w-0 flex-1 truncate text-slate-600">{props.detail}</span>
      )}
      {props.aside !== undefined && <span className="ml-auto shrink-0">{props.aside}</span>}
    </Command.Item>
  );
}

/** A titled group of entries. */
export function PaletteSection(props: { heading: string; children: ReactNode }) {
  return <Command.Group heading={props.heading}>{props.children}</Command.Group>;
}

/** A key as the shortcuts list shows it. */
export function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-700">
      {children}
    </kbd>
  );
}
