'use client';
/** The step's record exactly as the file holds it, asked of the worker when opened. */
import { useState } from 'react';
import { useWorkerQuery } from '../worker/use-worker-query';
import { FoldedText } from './folded-text';

export function OriginalRecord({ file, pointer }: { file: string; pointer: string }) {
  const [open, setOpen] = useState(false);
  const record = useWorkerQuery(
    open
      ? {
          key: ['record', file, pointer],
          fetch: (ask, { signal }) =>
            ask({ type: 'record', file, pointer }, { signal }).then((m) => m.text),
        }
      : undefined,
  );
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-xs font-semibold uppercase tracking-wide text-slate-500">
        Original record in the file
      </summary>
      <div className="mt-1 text-xs text-slate-500">
        <code>
          {file} {pointer || '/'}
        </code>
      </div>
      {record.error !== undefined ? (
        <div className="text-xs text-slate-500">Could not read the record: {record.error}</div>
      ) : record.data === undefined ? (
        <div className="text-xs text-slate-500">Loading…</div>
      ) : (
        <FoldedText text={record.data} label="Original record" ansi={false} />
      )}
    </details>
  );
}
