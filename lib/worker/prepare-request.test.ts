/**
 * A load builds no strategy index: they are built when the page says a view that applies strategies
 * is on screen (`prepare`), once the load's counts are in, once per file and counter.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { HistoryFile } from '../model/types';
import type { StepTokens } from '../tokens/step-tokens';
import { createWorkerHandler } from './handle-request';
import * as loadFiles from './load-files';
import type { WorkerResponse } from './protocol';

vi.mock('./load-files', async (original) => {
  const actual = await original<typeof loadFiles>();
  return { ...actual, prepareAll: vi.fn(actual.prepareAll) };
});
const prepareAll = vi.mocked(loadFiles.prepareAll);

const text = readFileSync(
  new URL('../../public/samples/tau-bench-airline-task3.json', import.meta.url),
  'utf8',
);
const o200k = { tokenizer: 'o200k_base', dialect: 'openai' } as const;

describe('prepare', () => {
  it('builds the indexes once the counts are in, once per file and counter, never at load', async () => {
    prepareAll.mockClear();
    const messages: WorkerResponse[] = [];
    const handle = createWorkerHandler((m) => messages.push(m), undefined, [], {
      drawnWait: 60_000,
    });
    // Nothing is loaded: nothing to prepare.
    await handle({ type: 'prepare', requestId: -1, ...o200k });
    expect(prepareAll).not.toHaveBeenCalled();

    const loading = handle({ type: 'load', requestId: 1, name: 'tau.json', text, ...o200k });
    await vi.waitFor(() => expect(messages.map((m) => m.type)).toContain('loaded'));
    // Asked before the counts (they wait for the page to draw the run): it waits for them.
    const preparing = handle({ type: 'prepare', requestId: -2, ...o200k });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(prepareAll).not.toHaveBeenCalled();
    await handle({ type: 'drawn', requestId: 1 });
    await loading;
    await preparing;
    expect(prepareAll).toHaveBeenCalledTimes(1);
    const [file, tokens] = prepareAll.mock.calls[0] as [HistoryFile, StepTokens];
    expect(file.histories.map((h) => h.steps.length)).toEqual([
      messages.flatMap((m) => (m.type === 'loaded' ? [m.first.steps.length] : []))[0],
    ]);
    // With the counter the page counts with, after its exact counts were sent.
    expect([tokens.counter.id, tokens.dialect]).toEqual(['o200k_base', 'openai']);
    expect(messages.some((m) => m.type === 'counts' && m.exact)).toBe(true);

    // Again for the same counter: nothing more; for another counter: built for it too.
    await handle({ type: 'prepare', requestId: -3, ...o200k });
    expect(prepareAll).toHaveBeenCalledTimes(1);
    await handle({ type: 'prepare', requestId: -4, tokenizer: 'heuristic', dialect: 'openai' });
    expect(prepareAll).toHaveBeenCalledTimes(2);

    // A file loaded after it gets its own.
    await handle({ type: 'drawn', requestId: 2 });
    await handle({ type: 'load', requestId: 2, name: 'tau.json', text, ...o200k });
    expect(prepareAll).toHaveBeenCalledTimes(2);
    await handle({ type: 'prepare', requestId: -5, ...o200k });
    expect(prepareAll).toHaveBeenCalledTimes(3);
    expect(prepareAll.mock.calls[2]?.[0]).not.toBe(file);
    expect(messages.filter((m) => m.type === 'failed')).toEqual([]);
  });
});
