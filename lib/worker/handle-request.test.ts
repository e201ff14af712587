import { readFileSync } from 'node:fs';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { openLibrary, partBytes, type Library } from '../library/library';
import { createStepTokens } from '../tokens/step-tokens';
import type { WorkerResponse } from './protocol';
import { createWorkerHandler } from './handle-request';
import { parseSource } from '../import';
import { importSources } from '../import/files';
import { queryStepIndices } from '../model/query';
import { stepText } from '../model/steps';
import type { History, Step } from '../model/types';

const text = readFileSync(
  new URL('../../public/samples/tau-bench-airline-task3.json', import.meta.url),
  'utf8',
);

describe('history worker', async () => {
  it('counts a load once the page has drawn its run, or once it has waited `drawnWait`', async () => {
    const load = (handle: ReturnType<typeof createWorkerHandler>, requestId: number) =>
      handle({
        type: 'load',
        requestId,
        name: 'tau.json',
        text,
        tokenizer: 'o200k_base',
        dialect: 'openai',
      });
    const kinds = (messages: WorkerResponse[]) =>
      messages.filter((m) => m.type !== 'progress').map((m) => m.type);
    const messages: WorkerResponse[] = [];
    const handle = createWorkerHandler((m) => messages.push(m), undefined, [], {
      drawnWait: 60_000,
    });
    const loading = load(handle, 3);
    await vi.waitFor(() => expect(kinds(messages)).toEqual(['loaded']));
    // The page has not said it drew the run: the worker waits (a minute here), counting nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(kinds(messages)).toEqual(['loaded']);
    // An earlier load's word does not count for this one.
    await handle({ type: 'drawn', requestId: 2 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(kinds(messages)).toEqual(['loaded']);
    await handle({ type: 'drawn', requestId: 3 });
    await loading;
    expect(kinds(messages)).toEqual(['loaded', 'counts']);

    // A page that never says so (a tab in the background) is waited for `drawnWait` ms only.
    const unanswered: WorkerResponse[] = [];
    const bounded = createWorkerHandler((m) => unanswered.push(m), undefined, [], {
      drawnWait: 30,
    });
    await load(bounded, 1);
    expect(kinds(unanswered)).toEqual(['loaded', 'counts']);
  });

  it('loads a real file with its chars/4 estimate, then sends exact o200k counts', async () => {
    const messages: WorkerResponse[] = [];
    const handle = createWorkerHandler((m) => messages.push(m));
    await handle({
      type: 'load',
      requestId: 1,
      name: 'tau.json',
      text,
      tokenizer: 'o200k_base',
      dialect: 'openai',
    });
    const types = messages.map((m) => (m.type === 'counts' ? `counts:${m.tokenizer}` : m.type));
    // The estimate comes with the run, so no heuristic counts follow it.
    expect(types.filter((t) => t !== 'progress')).toEqual(['loaded', 'counts:o200k_base']);
    const loaded = messages.find((m) => m.type === 'loaded');
    const exact = messages.filter((m) => m.type === 'counts').at(-1);
    if (loaded?.type !== 'loaded' || exact?.type !== 'counts') throw new Error('missing messages');
    const steps = loaded.first.steps;
    const tokens = createStepTokens('o200k_base', 'openai');
    expect(exact.byHistory['tau.json']).toEqual(steps.map((s) => tokens.step(s)));
    const heuristic = createStepTokens('heuristic', 'openai');
    expect(loaded.estimate).toEqual({
      dialect: 'openai',
      byHistory: { 'tau.json': steps.map((s) => heuristic.step(s)) },
    });
    // An exact count differs from chars/4 somewhere: the two are not the same numbers.
    expect(loaded.estimate?.byHistory['tau.json']).not.toEqual(exact.byHistory['tau.json']);
    expect(messages.at(-1)).toEqual({ type: 'progress', requestId: 1, progress: 1 });
  });

  it('recounts the loaded file with another tokenizer, and reports failures without throwing', async () => {
    const messages: WorkerResponse[] = [];
    const handle = createWorkerHandler((m) => messages.push(m));
    await handle({ type: 'count', requestId: 1, tokenizer: 'cl100k_base', dialect: 'openai' });
    expect(messages).toEqual([{ type: 'failed', requestId: 1, message: 'No history is loaded' }]);
    await handle({
      type: 'load',
      requestId: 2,
      name: 'bad.json',
      text: '{"oops": ',
      tokenizer: 'o200k_base',
      dialect: 'openai',
    });
    expect(messages.at(-1)).toEqual({
      type: 'failed',
      requestId: 2,
      message: 'bad.json: invalid JSON at line 1, column 10: the text ends early (truncated file?)',
    });
    await handle({
      type: 'load',
      requestId: 3,
      name: 'tau.json',
      text,
      tokenizer: 'heuristic',
      dialect: 'openai',
    });
    await handle({ type: 'count', requestId: 4, tokenizer: 'cl100k_base', dialect: 'openai' });
    expect(
      messages
        .filter((m) => m.type === 'counts' && m.requestId === 4)
        .map((m) => m.type === 'counts' && m.exact),
    ).toEqual([false, true]);
  });

  it('counts in the dialect the page shows, so the timeline agrees with compare and "context at call"', async () => {
    const messages: WorkerResponse[] = [];
    const handle = createWorkerHandler((m) => messages.push(m));
    await handle({
      type: 'load',
      requestId: 1,
      name: 'tau.json',
      text,
      tokenizer: 'heuristic',
      dialect: 'openai',
    });
    await handle({ type: 'count', requestId: 2, tokenizer: 'o200k_base', dialect: 'smolagents' });
    const loaded = messages.find((m) => m.type === 'loaded');
    const exact = messages.filter((m) => m.type === 'counts' && m.requestId === 2).at(-1);
    if (loaded?.type !== 'loaded' || exact?.type !== 'counts') throw new Error('missing messages');
    expect([exact.tokenizer, exact.dialect]).toEqual(['o200k_base', 'smolagents']);
    const steps = loaded.first.steps;
    const smolagents = createStepTokens('o200k_base', 'smolagents');
    expect(exact.byHistory['tau.json']).toEqual(steps.map((s) => smolagents.step(s)));
    // The dialects really differ on this run (smolagents writes calls and observations as text).
    expect(exact.byHistory['tau.json']).not.toEqual(
      steps.map((s) => createStepTokens('o200k_base', 'openai').step(s)),
    );
  });

  it('answers the original record of a step by its JSON pointer', async () => {
    const messages: WorkerResponse[] = [];
    const handle = createWorkerHandler((m) => messages.push(m));
    await handle({
      type: 'load',
      requestId: 1,
      name: 'tau.json',
      text,
      tokenizer: 'heuristic',
      dialect: 'openai',
    });
    await handle({ type: 'record', requestId: 2, file: 'tau.json', pointer: '/6' });
    const record = messages.at(-1);
    expect(record?.type === 'record' && JSON.parse(record.text)).toEqual(JSON.parse(text)[6]);
    await handle({ type: 'record', requestId: 3, file: 'tau.json', pointer: '/999' });
    expect(messages.at(-1)).toMatchObject({
      type: 'record',
      text: 'No record at /999 in the loaded file.',
    });
  });

  it('loads several files as one list of runs, naming the files that fail', async () => {
    const messages: WorkerResponse[] = [];
    const handle = createWorkerHandler((m) => messages.push(m));
    const files = [
      { name: 'a.json', text },
      { name: 'broken.json', text: '[{' },
      { name: 'b.json', text },
    ];
    await handle({
      type: 'load-many',
      requestId: 1,
      files,
      tokenizer: 'heuristic',
      dialect: 'openai',
    });
    const loaded = messages.find((m) => m.type === 'loaded');
    if (loaded?.type !== 'loaded') throw new Error('not loaded');
    expect(loaded.name).toBe('2 of 3 files');
    expect(loaded.runs.map((h) => [h.id, h.title])).toEqual([
      ['a.json', 'a.json'],
      ['b.json', 'b.json'],
    ]);
    expect(messages.find((m) => m.type === 'failed')).toMatchObject({
      message:
        'broken.json: invalid JSON at line 1, column 3: the text ends early (truncated file?)',
    });
    await handle({ type: 'record', requestId: 2, file: 'b.json', pointer: '/1' });
    expect(messages.at(-1)).toMatchObject({
      type: 'record',
      text: JSON.stringify(JSON.parse(text)[1], null, 2),
    });
  });

  it('holds the file: the page gets run summaries and the first run, and asks for another run by index', async () => {
    const messages: WorkerResponse[] = [];
    const handle = createWorkerHandler((m) => messages.push(m));
    const grok = readFileSync(
      new URL(
        '../../test/fixtures/real/openai-chat/tau-bench__tool-calling-grok-3.json',
        import.meta.url,
      ),
      'utf8',
    );
    await handle({
      type: 'load',
      requestId: 1,
      name: 'grok.json',
      text: grok,
      tokenizer: 'heuristic',
      dialect: 'openai',
    });
    const loaded = messages.find((m) => m.type === 'loaded');
    if (loaded?.type !== 'loaded') throw new Error('not loaded');
    expect(loaded.runs).toHaveLength(115);
    expect(loaded.runs[0]).toEqual({
      id: loaded.first.id,
      title: loaded.first.title,
      steps: loaded.first.steps.length,
      ...(loaded.first.outcome ? { outcome: loaded.first.outcome } : {}),
    });
    await handle({ type: 'run', requestId: -1, index: 114 });
    const run = messages.at(-1);
    if (run?.type !== 'run') throw new Error('no run');
    expect([run.index, run.history.id, run.history.steps.length]).toEqual([
      114,
      loaded.runs[114]?.id,
      loaded.runs[114]?.steps,
    ]);
    await handle({ type: 'run', requestId: -2, index: 115 });
    expect(messages.at(-1)).toEqual({
      type: 'failed',
      requestId: -2,
      message: 'No run 116 in the loaded file',
    });
  });

  it('reads picked files in the worker: JSONL line by line with a broken line reported, files in folders together', async () => {
    const messages: WorkerResponse[] = [];
    const handle = createWorkerHandler((m) => messages.push(m));
    const lines = JSON.parse(text)
      .slice(0, 4)
      .map((m: unknown) => JSON.stringify(m));
    const jsonl = [lines[0], lines[1], '{"role": "user", "content": ', lines[2], lines[3]].join(
      '\n',
    );
    await handle({
      type: 'read-files',
      requestId: 1,
      files: [{ file: new File([jsonl], 'run.jsonl'), path: 'run.jsonl' }],
      tokenizer: 'heuristic',
      dialect: 'openai',
    });
    const loaded = messages.find((m) => m.type === 'loaded');
    if (loaded?.type !== 'loaded') throw new Error('not loaded');
    expect(loaded.warnings).toEqual([
      'line 3: invalid JSON at column 29: the text ends early (truncated file?); the line was skipped',
    ]);
    expect(loaded.first.steps.map((s) => s.source?.line)).toEqual([1, 2, 4, 5]);
    const progress = messages
      .filter((m) => m.type === 'progress')
      .map((m) => (m.type === 'progress' ? m.progress : 0));
    expect(progress.at(-1)).toBe(1);
  });

  it('reads a picked folder as one session: a Claude Code transcript with its sub-agent, other files skipped', async () => {
    const messages: WorkerResponse[] = [];
    const handle = createWorkerHandler((m) => messages.push(m));
    const dir = new URL(
      '../../test/fixtures/real/anthropic-claude-code/cc_claude_p_29ccd257/',
      import.meta.url,
    );
    const pick = (path: string) => ({
      file: new File([readFileSync(new URL(path, dir))], path.split('/').at(-1) as string),
      path: `cc_claude_p_29ccd257/${path}`,
    });
    const files = [
      pick('29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl'),
      pick('subagents/agent-a2271d1.jsonl'),
      { file: new File(['# notes'], 'README.md'), path: 'cc_claude_p_29ccd257/README.md' },
    ];
    await handle({
      type: 'read-files',
      requestId: 1,
      files,
      tokenizer: 'heuristic',
      dialect: 'openai',
    });
    const loaded = messages.find((m) => m.type === 'loaded');
    if (loaded?.type !== 'loaded') throw new Error('not loaded');
    expect(loaded.format).toBe('claude-code');
    expect(loaded.runs).toHaveLength(1);
    const main = loaded.first;
    expect(
      main?.children?.map((c) => [c.parentStepId, c.history.title, c.history.steps.length]),
    ).toEqual([['s1', 'Task: Explore codebase structure', 11]]);
    expect(loaded.warnings[0]).toBe(
      '1 file(s) that are not JSON were skipped: cc_claude_p_29ccd257/README.md',
    );
    // The inspector's original record resolves inside the folder.
    const pointer = main?.children?.[0]?.history.steps[0]?.source?.pointer as string;
    await handle({ type: 'record', requestId: 2, file: 'cc_claude_p_29ccd257', pointer });
    expect(messages.at(-1)).toMatchObject({
      type: 'record',
      text: expect.stringContaining('"agentId": "a2271d1"'),
    });
  });

  it('keeps picked files in the library and reopens one from its stored bytes', async () => {
    const factory = new IDBFactory();
    let shared: Promise<Library> | undefined;
    const library = () => (shared ??= openLibrary(factory));
    const messages: WorkerResponse[] = [];
    const handle = createWorkerHandler((m) => messages.push(m), library);
    const bytes = new Uint8Array(Buffer.from(`\uFEFF${text}`, 'utf16le'));
    await handle({
      type: 'read-files',
      requestId: 1,
      files: [{ file: new File([bytes], 'windows.json'), path: 'windows.json' }],
      tokenizer: 'heuristic',
      dialect: 'openai',
    });
    await vi.waitFor(() => expect(messages.some((m) => m.type === 'stored')).toBe(true));
    const stored = messages.find((m) => m.type === 'stored');
    if (stored?.type !== 'stored') throw new Error('not stored');
    expect(stored.entry).toMatchObject({
      name: 'windows.json',
      format: 'openai-messages',
      size: bytes.length,
      runs: 1,
      steps: 42,
    });
    const entry = await (await library()).get(stored.entry.id);
    // The picked file itself is kept (a Blob: the worker never copies its bytes), byte for byte.
    const part = entry?.parts[0];
    expect(part?.bytes).toBeInstanceOf(Blob);
    expect(
      Buffer.from(part ? await partBytes(part) : new ArrayBuffer(0)).equals(Buffer.from(bytes)),
    ).toBe(true);

    // Another worker (a reload, a second tab) opens it from the library, with no file.
    const again: WorkerResponse[] = [];
    await createWorkerHandler(
      (m) => again.push(m),
      library,
    )({
      type: 'open-library',
      requestId: 5,
      id: stored.entry.id,
      tokenizer: 'heuristic',
      dialect: 'openai',
    });
    const loaded = again.find((m) => m.type === 'loaded');
    const first = messages.find((m) => m.type === 'loaded');
    if (loaded?.type !== 'loaded' || first?.type !== 'loaded') throw new Error('not loaded');
    expect([loaded.runs, loaded.first]).toEqual([first.runs, first.first]);
    await vi.waitFor(() => expect(again.some((m) => m.type === 'stored')).toBe(true));

    const missing: WorkerResponse[] = [];
    await createWorkerHandler(
      (m) => missing.push(m),
      library,
    )({
      type: 'open-library',
      requestId: 6,
      id: 'gone',
      tokenizer: 'heuristic',
      dialect: 'openai',
    });
    expect(missing).toEqual([
      {
        type: 'failed',
        requestId: 6,
        message: 'This history is no longer in the library (deleted in another tab?)',
      },
    ]);

    // Without a library the file still loads, and the page is told why it was not kept.
    const without: WorkerResponse[] = [];
    await createWorkerHandler(
      (m) => without.push(m),
      () => openLibrary(null),
    )({
      type: 'load',
      requestId: 7,
      name: 'p.json',
      text,
      tokenizer: 'heuristic',
      dialect: 'openai',
      keep: true,
    });
    expect(without.some((m) => m.type === 'loaded')).toBe(true);
    await vi.waitFor(() =>
      expect(without.find((m) => m.type === 'store-failed')).toMatchObject({
        message:
          'This browser has no IndexedDB, so the library is not available here. Files still open; they are just not kept.',
      }),
    );
  });

  it('sends a large run as a preview, and whole steps, whole histories and text search on request', async () => {
    const whole = importSources([parseSource(text, 'tau.json')]).histories[0] as History;
    const answers: WorkerResponse[] = [];
    // The sample is small: a threshold of 1,000 characters makes it a large run.
    const ask = createWorkerHandler((m) => answers.push(m), undefined, [], { previewAbove: 1_000 });
    await ask({
      type: 'load',
      requestId: 1,
      name: 'tau.json',
      text,
      tokenizer: 'heuristic',
      dialect: 'openai',
    });
    const loaded = answers.find((m) => m.type === 'loaded');
    if (loaded?.type !== 'loaded') throw new Error('not loaded');
    const cut = loaded.first.steps.findIndex((s) => s.preview);
    expect(cut).toBeGreaterThanOrEqual(0);
    expect(loaded.first.steps.map((s) => s.id)).toEqual(whole.steps.map((s) => s.id));
    answers.length = 0;
    await ask({ type: 'step', requestId: 2, run: 0, sub: [], index: cut });
    await ask({ type: 'whole', requestId: 3, run: 0, sub: [] });
    expect(answers).toEqual([
      { type: 'step', requestId: 2, step: whole.steps[cut] },
      { type: 'whole', requestId: 3, history: whole },
    ]);
    // The end of the cut step's longest text is only in the whole step.
    const longest = stepText(whole.steps[cut] as Step)
      .trim()
      .slice(-30);
    answers.length = 0;
    await ask({ type: 'search', requestId: 4, run: 0, sub: [], query: { text: longest } });
    expect(answers).toEqual([
      { type: 'found', requestId: 4, indices: queryStepIndices(whole.steps, { text: longest }) },
    ]);
    expect(answers[0]?.type === 'found' && answers[0].indices).toContain(cut);
    expect(queryStepIndices(loaded.first.steps, { text: longest })).not.toContain(cut);

    answers.length = 0;
    await ask({ type: 'step', requestId: 5, run: 0, sub: [], index: 10_000 });
    await ask({ type: 'whole', requestId: 6, run: 3, sub: [] });
    await ask({ type: 'search', requestId: 7, run: 0, sub: ['nope'], query: {} });
    expect(answers).toEqual([
      { type: 'failed', requestId: 5, message: 'No step 10001 in this run' },
      { type: 'failed', requestId: 6, message: 'No run 4 in the loaded file' },
      { type: 'failed', requestId: 7, message: 'No run 1 › nope in the loaded file' },
    ]);
  });
});
