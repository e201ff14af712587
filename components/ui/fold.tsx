'use client';
/**
 * A section that folds: a native `<details>` whose `<summary>` holds the section's heading (HTML
 * allows one heading in a summary), so the browser gives it keyboard, the disclosure role and
 * find-in-page (Chrome opens a folded section that holds a match). Each section remembers whether
 * the user folded it, per section id, in this browser (localStorage), as DevTools' panes do: a view
 * left and come back to, or a reload, shows it as it was. Open until folded.
 */
import { useSyncExternalStore, type ReactNode } from 'react';

const PREFIX = 'stepscope:fold:';
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab folding the same section.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** What the browser remembers ('open', 'closed'), or null; storage may be refused (private modes). */
function remembered(id: string): string | null {
  try {
    return window.localStorage.getItem(PREFIX + id);
  } catch {
    return null;
  }
}

function remember(id: string, open: boolean) {
  try {
    window.localStorage.setItem(PREFIX + id, open ? 'open' : 'closed');
  } catch {
    // Not kept: the section still folds for as long as the page is open.
  }
  for (const listener of listeners) listener();
}

export function useFoldOpen(id: string, initiallyOpen = true): [boolean, (open: boolean) => void] {
  const stored = useSyncExternalStore(
    subscribe,
    () => remembered(id),
    () => null,
  );
  const open = stored === null ? initiallyOpen : stored === 'open';
  return [open, (next) => remember(id, next)];
}

export function Fold(props: {
  /** The section's id, under which its open state is kept. */
  id: string;
  title: ReactNode;
  /** A short line beside the title, seen while folded (what the section holds). */
  hint?: ReactNode;
  initiallyOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useFoldOpen(props.id, props.initiallyOpen);
  return (
    <details
      open={open}
      onToggle={(e) => {
        if (e.currentTarget.open !== open) setOpen(e.currentTarget.open);
      }}
      className="group flex flex-col"
    >
      <summary className="flex cursor-pointer list-none items-baseline gap-2 rounded-md px-1 py-1 hover:bg-slate-200/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 [&::-webkit-details-marker]:hidden">
        <span
          aria-hidden
          className="inline-block w-3 text-xs text-slate-500 transition-transform group-open:rotate-90"
        >
          ▶
        </span>
        <h3 className="text-sm font-semibold text-slate-900">{props.title}</h3>
        {props.hint && (
          <span className="min-w-0 truncate text-xs text-slate-500">{props.hint}</span>
        )}
      </summary>
      <div className="mt-1 flex flex-col gap-3">{props.children}</div>
    </details>
  );
}
