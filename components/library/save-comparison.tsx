'use client';
import Link from 'next/link';
/**
 * Saves the strategies on screen (parameters, triggers, modes) in the library, beside the open file,
 * with the run they are compared on and every other choice (lib/state/saved-links.ts): it reopens
 * as it was saved. With `fleet`, the strategies compared over every run of the file (the fleet's
 * files are the library entry), reopening on the fleet comparison, run again.
 */
import { useState } from 'react';
import { encodeChoices, type StrategyChoice } from '../../lib/compare/config';
import { savedComparisonOf, savedFleetComparisonOf } from '../../lib/state/saved-links';
import { useDebuggerStore, useDebuggerStoreApi } from '../contexts/store-context';
import { pageLibrary } from './use-library';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Input } from '../ui/input';

export function SaveComparison({
  choices,
  fleet = false,
}: {
  choices: readonly StrategyChoice[];
  /** The choices were compared over every run of the file. */
  fleet?: boolean;
}) {
  const fileId = useDebuggerStore((s) => s.loaded?.libraryId);
  const store = useDebuggerStoreApi();
  const [name, setName] = useState('');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | undefined>(undefined);
  if (!fileId) {
    return (
      <p className="text-xs text-slate-500">
        Comparisons can be saved in the library for files and folders you open (the bundled examples
        are not kept there).
      </p>
    );
  }
  return (
    <form
      aria-label={fleet ? 'Save this fleet comparison' : 'Save this comparison'}
      className="flex flex-wrap items-center gap-2 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        pageLibrary()
          .then((lib) =>
            lib.saveComparison({
              fileId,
              name,
              ...(fleet
                ? savedFleetComparisonOf(store.getState(), choices)
                : { ...savedComparisonOf(store.getState()), choices: encodeChoices(choices) }),
            }),
          )
          .then((saved) => {
            setStatus({ ok: true, text: `Saved as “${saved.name}” in the library.` });
            setName('');
          })
          .catch((error: unknown) => setStatus({ ok: false, text: (error as Error).message }));
      }}
    >
      <Input
        size="md"
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder={fleet ? 'Name this fleet comparison' : 'Name this comparison'}
        aria-label="Comparison name"
      />
      <Button variant="secondary" size="sm" type="submit" disabled={name.trim() === ''}>
        Save in the library
      </Button>
      {status && (
        <Alert tone={status.ok ? 'success' : 'error'} className="py-1">
          {status.text}{' '}
          {status.ok && (
            <Link href="/library" className="underline">
              Open the library
            </Link>
          )}
        </Alert>
      )}
    </form>
  );
}
