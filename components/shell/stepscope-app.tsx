'use client';
import Link from 'next/link';
/**
 * The app: a header with the open file (by its library name) and the tokenizer, errors, notices and
 * progress, then the landing page or the workspace; the keyboard's shortcuts and palette over both.
 */
import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { TOKENIZER_REGISTRY, type TokenizerId } from '../../lib/tokens/tokenizer';
import type { SelectOption } from '../ui/select';
import { Landing } from '../load/landing';
import { AppProviders, useLoader } from '../contexts/app-providers';
import { useDebuggerStore, useDebuggerStoreApi } from '../contexts/store-context';
import { onFilesPicked } from '../load/picked-files';
import { applyUrl, readUrl, startUrlSync } from './url-sync';
import { KeyboardShortcuts } from './keyboard-shortcuts';
import { StepOrderProvider } from './step-order';
import { startRememberingPlace } from '../library/remember-place';
import { pageLibrary } from '../library/use-library';
import { useLibraryName } from '../library/use-library-name';
import { Workspace } from '../workspace/workspace';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Select } from '../ui/select';

const TOKENIZERS: readonly SelectOption<TokenizerId>[] = TOKENIZER_REGISTRY.map((t) => ({
  value: t.id,
  label: t.label,
}));

function Shell() {
  const { status, progress, error, loaded, tokenizer, libraryNotice, linkNotice, actions } =
    useDebuggerStore(
      useShallow((s) => ({
        status: s.status,
        progress: s.progress,
        error: s.error,
        loaded: s.loaded,
        tokenizer: s.tokenizer,
        libraryNotice: s.libraryNotice,
        linkNotice: s.linkNotice,
        actions: s.actions,
      })),
    );
  const libraryName = useLibraryName(loaded?.libraryId);
  const { loadFiles, loadSample, loadFromLibrary, recount } = useLoader();
  const store = useDebuggerStoreApi();
  const fileInput = useRef<HTMLInputElement>(null);

  // Open what the URL names (the README's start command, shared links, reloads, library entries),
  // then keep the URL in step with the state; Back and Forward show what the URL names again.
  useEffect(() => {
    const url = readUrl();
    applyUrl(store, url);
    const at = {
      ...(url.step ? { step: url.step } : {}),
      ...(url.run !== undefined ? { run: url.run } : {}),
      sub: [...url.sub],
    };
    if (url.open) loadFromLibrary(url.open, at);
    else if (url.sample) void loadSample(url.sample, at);
    const sync = startUrlSync(store, recount);
    const forget = startRememberingPlace(store, pageLibrary);
    const onPop = () => sync.follow(readUrl());
    window.addEventListener('popstate', onPop);
    return () => {
      sync.stop();
      forget();
      window.removeEventListener('popstate', onPop);
    };
  }, [loadFromLibrary, loadSample, recount, store]);

  return (
    <div className="min-h-screen bg-slate-100">
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-2">
        <Button
          variant="bare"
          onClick={actions.reset}
          className="text-lg font-bold tracking-tight text-slate-900"
        >
          Stepscope
        </Button>
        {loaded && (
          <span className="min-w-0 truncate text-sm text-slate-600">
            <span
              className="font-medium text-slate-900"
              title={
                libraryName && libraryName !== loaded.name ? `file: ${loaded.name}` : undefined
              }
            >
              {libraryName ?? loaded.name}
            </span>{' '}
            · {loaded.format} · {loaded.runs.length} run
            {loaded.runs.length === 1 ? '' : 's'}
          </span>
        )}
        <div className="ml-auto flex items-center gap-3">
          <Link href="/library" className="text-sm font-medium text-slate-700 hover:underline">
            Library
          </Link>
          <Link href="/help" className="text-sm font-medium text-slate-700 hover:underline">
            What the numbers mean
          </Link>
          <span className="flex items-center gap-1 text-sm text-slate-600">
            <span>Tokens</span>
            <Select
              label="Tokenizer"
              size="md"
              value={tokenizer}
              onChange={(id) => recount({ tokenizer: id })}
              options={TOKENIZERS}
            />
          </span>
          {loaded && (
            <>
              <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
                Open another file
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept=".json,.jsonl,.traj,.md,.eval,.af,application/json"
                aria-label="Open another history file"
                className="sr-only"
                multiple
                onChange={onFilesPicked(loadFiles)}
              />
            </>
          )}
        </div>
      </header>
      {status === 'loading' && (
        <div
          role="progressbar"
          aria-label="Loading"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="h-1 bg-slate-200"
        >
          <div
            className="h-1 bg-blue-600 transition-all"
            style={{ width: `${Math.max(5, progress * 100)}%` }}
          />
        </div>
      )}
      {error && (
        <Alert
          tone="error"
          label="File error"
          title="Could not open the file."
          onDismiss={actions.dismissError}
          className="mx-4 mt-3"
        >
          {error}
        </Alert>
      )}
      {linkNotice && (
        <Alert
          tone="warning"
          label="Link notice"
          title="Part of this link was not used."
          onDismiss={() => actions.linkFailed(undefined)}
          className="mx-4 mt-3"
        >
          {linkNotice}
        </Alert>
      )}
      {libraryNotice && (
        <Alert
          tone="warning"
          label="Library notice"
          title="Not kept in the library."
          onDismiss={() => actions.libraryFailed(undefined)}
          className="mx-4 mt-3"
        >
          {libraryNotice}
        </Alert>
      )}
      <main>{loaded ? <Workspace /> : <Landing />}</main>
      <KeyboardShortcuts />
    </div>
  );
}

export function StepscopeApp() {
  return (
    <AppProviders>
      <StepOrderProvider>
        <Shell />
      </StepOrderProvider>
    </AppProviders>
  );
}
