'use client';
import { countOf } from '../../lib/compare/format';
import Link from 'next/link';
/**
 * The library page: every history opened in this browser, with search and sort; open one (from its
 * stored bytes, without the file), rename, delete, its saved comparisons; export everything as one
 * file and import it back.
 */
import { useMemo, useRef, useState } from 'react';
import type { FileSummary, StoredComparison, StoredPlace } from '../../lib/library/library';
import { formatBytes, listEntries, SORT_LABELS, type LibrarySort } from '../../lib/library/listing';
import { exportLibrary, parseLibraryExport } from '../../lib/library/transfer';
import { libraryEntryHref, savedComparisonHref } from '../../lib/state/saved-links';
import { useLibrary } from './use-library';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { Input } from '../ui/input';
import { labelledOptions, Select } from '../ui/select';

const date = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** Where the user was in a file, said briefly ("run 8 · sub-agent · step s56"). */
function placeText(place: StoredPlace): string {
  return [
    `run ${place.run + 1}`,
    ...(place.sub.length > 0 ? ['in a sub-agent'] : []),
    ...(place.step !== undefined ? [`step ${place.step}`] : []),
  ].join(' · ');
}

function Entry({
  entry,
  saved,
  place,
  onRename,
  onDelete,
  onDeleteComparison,
}: {
  entry: FileSummary;
  saved: readonly StoredComparison[];
  place: StoredPlace | undefined;
  onRename: (name: string) => Promise<boolean>;
  onDelete: () => void;
  onDeleteComparison: (id: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(entry.name);
  return (
    <li className="rounded-lg border border-slate-200 bg-white px-4 py-3" aria-label={entry.name}>
      <div className="flex flex-wrap items-center gap-3">
        {editing ? (
          <form
            className="flex items-center gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void onRename(name).then((ok) => ok && setEditing(false));
            }}
          >
            <Input
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-label={`New name for ${entry.name}`}
              autoFocus
            />
            <Button variant="secondary" size="xs" type="submit">
              Save
            </Button>
            <Button variant="secondary" size="xs" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </form>
        ) : (
          <Link
            href={libraryEntryHref(entry.id, place)}
            className="font-medium text-blue-700 hover:underline"
          >
            {entry.name}
          </Link>
        )}
        <span className="text-sm text-slate-500">
          {entry.format || 'unknown format'} · {entry.runs} run{entry.runs === 1 ? '' : 's'} ·{' '}
          {entry.steps} steps · {formatBytes(entry.size)}
        </span>
        <span className="ml-auto flex gap-2">
          <Button
            variant="secondary"
            size="xs"
            onClick={() => setEditing(true)}
            aria-label={`Rename ${entry.name}`}
          >
            Rename
          </Button>
          <ConfirmDialog
            title={`Delete ${entry.name}?`}
            description="Its stored bytes and its saved comparisons leave this browser's library. This cannot be undone."
            confirm="Delete"
            onConfirm={onDelete}
          >
            <Button variant="secondary" size="xs" aria-label={`Delete ${entry.name}`}>
              Delete
            </Button>
          </ConfirmDialog>
        </span>
      </div>
      <p className="mt-1 text-xs text-slate-500">
        Opened {date(entry.openedAt)} · first added {date(entry.addedAt)} ·{' '}
        <span title={entry.id}>id {entry.id.slice(0, 12)}</span>
        {place && <> · reopens at {placeText(place)}</>}
      </p>
      {saved.length > 0 && (
        <ul
          aria-label={`Saved comparisons of ${entry.name}`}
          className="mt-2 flex flex-col gap-1 border-l-2 border-slate-200 pl-3 text-sm"
        >
          {saved.map((c) => (
            <li key={c.id} className="flex items-center gap-2">
              <Link href={savedComparisonHref(c)} className="text-blue-700 hover:underline">
                {c.name}
              </Link>
              <span className="text-xs text-slate-500">
                {c.scope === 'fleet'
                  ? `over all ${entry.runs} runs · `
                  : entry.runs > 1
                    ? `run ${c.run + 1} · `
                    : ''}
                saved {date(c.createdAt)}
              </span>
              <Button
                variant="secondary"
                size="xs"
                onClick={() => onDeleteComparison(c.id)}
                aria-label={`Delete comparison ${c.name}`}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function LibraryPage() {
  const { entries, comparisons, places, error, change } = useLibrary();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<LibrarySort>('opened');
  const [message, setMessage] = useState<string | undefined>(undefined);
  const importInput = useRef<HTMLInputElement>(null);
  const shown = useMemo(() => listEntries(entries ?? [], query, sort), [entries, query, sort]);
  const byFile = useMemo(() => {
    const out = new Map<string, StoredComparison[]>();
    for (const c of comparisons) out.set(c.fileId, [...(out.get(c.fileId) ?? []), c]);
    return out;
  }, [comparisons]);

  const exportAll = () =>
    change(async (lib) => {
      const text = await exportLibrary(await lib.dump());
      const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `stepscope-library-${new Date().toISOString().slice(0, 10)}.json`;
      a.click();
      URL.revokeObjectURL(url);
      setMessage(
        `Exported ${countOf(entries?.length ?? 0, 'history', 'histories')} and ${countOf(comparisons.length, 'saved comparison', 'saved comparisons')}.`,
      );
    });

  const importFile = (file: File) =>
    change(async (lib) => {
      const data = await parseLibraryExport(await file.text(), file.name);
      await lib.restore(data);
      setMessage(
        `Imported ${countOf(data.files.length, 'history', 'histories')} and ${countOf(data.comparisons.length, 'saved comparison', 'saved comparisons')} from ${file.name}.`,
      );
    });

  return (
    <div className="min-h-screen bg-slate-100">
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-2">
        <Link href="/" className="text-lg font-bold tracking-tight text-slate-900">
          Stepscope
        </Link>
        <span className="text-sm text-slate-600">Library</span>
      </header>
      <main className="mx-auto flex max-w-4xl flex-col gap-4 px-6 py-8">
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <h1 className="text-2xl font-semibold text-slate-900">Library</h1>
            <p className="text-sm text-slate-600">
              Every history you opened here, kept in this browser (IndexedDB) with its original
              bytes. Nothing leaves your machine.
            </p>
          </div>
          <span className="ml-auto flex gap-2">
            <Button
              variant="secondary"
              size="xs"
              onClick={() => void exportAll()}
              disabled={!entries?.length}
            >
              Export all
            </Button>
            <Button variant="secondary" size="xs" onClick={() => importInput.current?.click()}>
              Import…
            </Button>
            <input
              ref={importInput}
              type="file"
              accept=".json,application/json"
              aria-label="Import a library export"
              className="sr-only"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void importFile(file);
                e.target.value = '';
              }}
            />
          </span>
        </div>
        {error && (
          <Alert tone="error" label="Library error">
            {error}
          </Alert>
        )}
        {message && !error && <Alert tone="success">{message}</Alert>}
        <div className="flex flex-wrap items-center gap-3">
          <Input
            size="md"
            className="min-w-64 flex-1"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search by name or format"
            aria-label="Search the library"
          />
          <label className="flex items-center gap-1 text-sm text-slate-600">
            Sort
            <Select
              label="Sort the library"
              size="md"
              value={sort}
              onChange={setSort}
              options={labelledOptions(Object.keys(SORT_LABELS) as LibrarySort[], SORT_LABELS)}
            />
          </label>
        </div>
        {entries === undefined ? (
          <p className="text-sm text-slate-500">Reading the library…</p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-slate-600">
            Nothing here yet.{' '}
            <Link href="/" className="text-blue-700 hover:underline">
              Open a history
            </Link>
            : every file you open is kept here.
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-500" aria-live="polite">
              {shown.length} of {countOf(entries.length, 'history', 'histories')}
            </p>
            <ul aria-label="Library entries" className="flex flex-col gap-2">
              {shown.map((e) => (
                <Entry
                  key={e.id}
                  entry={e}
                  saved={byFile.get(e.id) ?? []}
                  place={places.get(e.id)}
                  onRename={(name) => change((lib) => lib.rename(e.id, name))}
                  onDelete={() => void change((lib) => lib.remove(e.id))}
                  onDeleteComparison={(id) => void change((lib) => lib.removeComparison(id))}
                />
              ))}
            </ul>
          </>
        )}
      </main>
    </div>
  );
}
