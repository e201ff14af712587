'use client';
/**
 * "Pair with another fleet…": picks fleet B, a folder or files as the start page picks them, to
 * match with the loaded fleet task by task. The picked files go to the store (what the user chose);
 * the history worker reads them when the paired view asks.
 */
import { buttonClass } from '../ui/button';
import { onFilesPicked } from '../load/picked-files';
import { useDebuggerStore } from '../contexts/store-context';

const ACCEPT = '.json,.jsonl,.traj,.md,.eval,.af,application/json';

export function PairPicker({ again = false }: { again?: boolean }) {
  const pairWith = useDebuggerStore((s) => s.actions.pairWith);
  return (
    <span className="flex flex-wrap items-center gap-2 text-xs">
      <label className={`${buttonClass('secondary', 'xs')} cursor-pointer`}>
        {again ? 'Pair with another folder…' : 'Pair with another fleet…'}
        <input
          type="file"
          aria-label="Pair with a fleet's folder"
          className="sr-only"
          {...{ webkitdirectory: '', directory: '' }}
          onChange={onFilesPicked(pairWith)}
        />
      </label>
      <label className="cursor-pointer text-blue-700 hover:underline">
        or its files
        <input
          type="file"
          multiple
          accept={ACCEPT}
          aria-label="Pair with a fleet's files"
          className="sr-only"
          onChange={onFilesPicked(pairWith)}
        />
      </label>
    </span>
  );
}
