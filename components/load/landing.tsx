'use client';
import Link from 'next/link';
/** The first screen: drop a file, pick one, paste JSON, or open a bundled real example. */
import { useState, type DragEvent } from 'react';
import { onFilesPicked, pickedFromDrop, pickedFromList } from './picked-files';
import { SAMPLES } from './samples';
import { IMPORTERS } from '../../lib/import';
import { useLoader } from '../contexts/app-providers';
import { Button } from '../ui/button';
import { useLibrary } from '../library/use-library';
import { formatBytes } from '../../lib/library/listing';

/** The last histories opened in this browser, from the library: one click reopens one without its file. */
function RecentHistories() {
  const { loadFromLibrary } = useLoader();
  const { entries, error } = useLibrary();
  if (error)
    return (
      <p className="text-xs text-slate-500">The library is not available in this window: {error}</p>
    );
  if (!entries || entries.length === 0) return null;
  return (
    <section aria-label="Recently opened" className="flex flex-col gap-2">
      <h3 className="flex items-baseline gap-3 text-sm font-semibold uppercase tracking-wide text-slate-500">
        Recently opened
        <Link
          href="/library"
          className="text-xs font-medium normal-case tracking-normal text-blue-700 hover:underline"
        >
          Library ({entries.length})
        </Link>
      </h3>
      <ul className="grid gap-2 sm:grid-cols-2">
        {entries.slice(0, 4).map((e) => (
          <li key={e.id}>
            {/* The name is the card's own text with the action before it, so a voice user can say
                what they see (WCAG 2.5.3, label in name). */}
            <Button variant="card" onClick={() => loadFromLibrary(e.id)} className="w-full">
              <span className="w-full truncate font-medium text-slate-800">
                <span className="sr-only">Reopen </span>
                {e.name}
              </span>
              <span className="text-sm text-slate-500">
                {e.format} · {e.steps} steps · {formatBytes(e.size)}
              </span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The formats the importers read, by their labels (the generic role/content fallback goes without saying). */
const FORMATS = IMPORTERS.filter((i) => i.id !== 'generic-messages')
  .map((i) => i.label)
  .join(', ');

export function Landing() {
  const { loadFiles, loadText, loadSample } = useLoader();
  const [dragging, setDragging] = useState(false);
  const [pasted, setPasted] = useState('');

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    // Folders dropped with the files are walked; their files load together.
    const fallback = pickedFromList(event.dataTransfer.files);
    void pickedFromDrop(event.dataTransfer).then(loadFiles, () => loadFiles(fallback));
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-6 py-12">
      <div>
        <h2 className="text-2xl font-semibold text-slate-900">Open an agent history</h2>
        <p className="mt-2 text-slate-600">
          See every step of a run with its token cost, and what each model call really received.
          Files stay in your browser.
        </p>
      </div>
      <label
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-6 py-12 text-center transition ${
          dragging
            ? 'border-blue-500 bg-blue-50'
            : 'border-slate-300 bg-white hover:border-slate-400'
        }`}
      >
        <span className="text-lg font-medium text-slate-800">
          Drop history files or a session folder here
        </span>
        <span className="text-sm text-slate-500">
          or click to choose one or several files. Reads {FORMATS}.
        </span>
        <input
          type="file"
          multiple
          accept=".json,.jsonl,.traj,.md,.eval,.af,application/json"
          aria-label="Choose a history file"
          className="sr-only"
          onChange={onFilesPicked(loadFiles)}
        />
      </label>
      <div className="-mt-3 flex items-center gap-3 text-sm text-slate-600">
        <span>
          Formats stored as folders (a Claude Code session with its sub-agents, an OpenHands or
          Strands session, a Cline or Roo Code task):
        </span>
        <label className="shrink-0 cursor-pointer whitespace-nowrap rounded-md border border-slate-300 bg-white px-3 py-1 font-medium hover:bg-slate-50">
          Choose a folder
          <input
            type="file"
            aria-label="Choose a history folder"
            className="sr-only"
            {...{ webkitdirectory: '', directory: '' }}
            onChange={onFilesPicked(loadFiles)}
          />
        </label>
      </div>
      <RecentHistories />
      <section aria-label="Examples" className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          Real examples, one click each
        </h3>
        <div className="grid gap-2 sm:grid-cols-2">
          {SAMPLES.map((ex) => (
            <Button key={ex.id} variant="card" onClick={() => void loadSample(ex.id)}>
              <span className="font-medium text-slate-800">
                <span className="sr-only">Load example: </span>
                {ex.title}
              </span>
              <span className="text-sm text-slate-500">{ex.detail}</span>
            </Button>
          ))}
        </div>
      </section>
      <section aria-label="Paste JSON" className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          Or paste JSON
        </h3>
        <textarea
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          rows={4}
          placeholder='[{"role": "user", "content": "…"}, …]'
          aria-label="History JSON"
          className="rounded-lg border border-slate-300 bg-white p-3 font-mono text-sm"
        />
        <Button
          variant="primary"
          size="md"
          disabled={pasted.trim() === ''}
          onClick={() => loadText('pasted.json', pasted, true)}
          className="self-start"
        >
          Open pasted JSON
        </Button>
      </section>
    </div>
  );
}
