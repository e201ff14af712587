'use client';
/**
 * A long text folded to its start with a button to show all, in its own scroll box so a long
 * result never stretches the inspector. Recorded output shows its terminal colours (`ansi`, the
 * default); the original record is shown as the file holds it.
 */
import { useState } from 'react';
import { Button } from '../ui/button';
import { AnsiText, visibleText } from './ansi-text';

const FOLD = 1_200;

export function FoldedText({
  text,
  label,
  ansi = true,
  tone = 'plain',
}: {
  text: string;
  label: string;
  ansi?: boolean;
  /** `error`: a failed call's result or an error, tinted red. */
  tone?: 'plain' | 'error';
}) {
  const [open, setOpen] = useState(false);
  const length = ansi ? visibleText(text).length : text.length;
  const long = length > FOLD;
  const limit = long && !open ? FOLD : undefined;
  return (
    <div>
      <pre
        // A named group: a bare <pre> is generic, which may not carry a name (ARIA 1.2).
        role="group"
        aria-label={label}
        // It scrolls, so a keyboard must be able to reach it (axe: scrollable-region-focusable).
        tabIndex={0}
        className={`max-h-[28rem] overflow-auto whitespace-pre-wrap break-words rounded-md p-2 font-mono text-xs ${tone === 'error' ? 'bg-red-50 text-red-900' : 'bg-slate-50 text-slate-800'}`}
      >
        {ansi ? (
          <AnsiText text={text} {...(limit ? { limit } : {})} />
        ) : limit ? (
          text.slice(0, limit)
        ) : (
          text
        )}
        {limit ? '…' : ''}
      </pre>
      {long && (
        <Button variant="link" size="xs" onClick={() => setOpen(!open)} className="mt-1">
          {open ? 'Show less' : `Show all (${length.toLocaleString('en-US')} characters)`}
        </Button>
      )}
    </div>
  );
}
