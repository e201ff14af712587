'use client';
/**
 * Where the user is in the loaded file: the breadcrumb from the run to the sub-agent on screen,
 * the way back to the overview and the run picker of a file of many runs, and the file's import
 * warnings. A sub-agent opened from
 * far down the page brings the breadcrumb into view, so the user sees where they are.
 */
import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { historyAt } from '../../lib/state/debugger-store';
import { useDebuggerStore } from '../contexts/store-context';
import { Button } from '../ui/button';
import { RunPicker } from './run-picker';

function Breadcrumb() {
  const { onScreen, historyIndex, childPath, backTo } = useDebuggerStore(
    useShallow((s) => ({
      onScreen: s.run,
      historyIndex: s.historyIndex,
      childPath: s.childPath,
      backTo: s.actions.backTo,
    })),
  );
  const nav = useRef<HTMLElement>(null);
  // Scrolling is the DOM's, not state: the page follows the sub-agent opened (or backed out to).
  const depth = childPath.join('\u0000');
  useEffect(() => {
    if (depth !== '') nav.current?.scrollIntoView({ block: 'nearest' });
  }, [depth]);
  if (childPath.length === 0) return null;
  const path = [undefined, ...childPath].map((_, depth) =>
    historyAt({ run: onScreen, historyIndex }, childPath.slice(0, depth)),
  );
  return (
    <nav ref={nav} aria-label="Breadcrumb" className="flex flex-wrap items-center gap-1 text-sm">
      {path.map((h, depth) =>
        depth < childPath.length ? (
          <span key={h?.id ?? depth} className="flex items-center gap-1">
            <Button variant="link" size="sm" onClick={() => backTo(depth)}>
              {h?.title ?? h?.id}
            </Button>
            <span aria-hidden className="text-slate-400">
              ›
            </span>
          </span>
        ) : (
          <span key={h?.id ?? depth} aria-current="page" className="font-semibold text-slate-900">
            {h?.title ?? h?.id} <span className="font-normal text-slate-500">(sub-agent)</span>
          </span>
        ),
      )}
    </nav>
  );
}

function ImportWarnings() {
  const warnings = useDebuggerStore((s) => s.loaded?.warnings ?? []);
  if (warnings.length === 0) return null;
  return (
    <details className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <summary>{warnings.length} import warning(s)</summary>
      <ul className="mt-1 list-disc pl-5">
        {warnings.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </details>
  );
}

export function RunNav() {
  const { runs, historyIndex, selectHistory, setView } = useDebuggerStore(
    useShallow((s) => ({
      runs: s.loaded?.runs,
      historyIndex: s.historyIndex,
      selectHistory: s.actions.selectHistory,
      setView: s.actions.setView,
    })),
  );
  return (
    <>
      <Breadcrumb />
      {runs && runs.length > 1 && (
        <div className="flex flex-wrap items-center gap-3">
          {/* Back to the overview, with its sort, filter and the run opened in view. */}
          <Button variant="link" size="sm" onClick={() => setView('runs')}>
            ← All runs
          </Button>
          <RunPicker runs={runs} index={historyIndex} onSelect={selectHistory} />
        </div>
      )}
      <ImportWarnings />
    </>
  );
}
