import { describe, expect, it, vi } from 'vitest';
import { sampleText } from '../../test/samples';
import { inProcessWorker } from '../../test/in-process-worker';
import { createWorkerClient, WorkerError } from './client';
import type { WorkerRequest } from './protocol';

const text = sampleText('tau-bench-airline-task3.json');
const counting = { tokenizer: 'heuristic', dialect: 'openai' } as const;

/** A worker with the bundled tau-bench sample loaded, and the load's streamed messages. */
async function loadedWorker() {
  const w = inProcessWorker();
  const id = w.client.stream({ type: 'load', name: 'tau.json', text, ...counting });
  await vi.waitFor(() =>
    expect(w.streamed.at(-1)).toEqual({ type: 'progress', requestId: id, progress: 1 }),
  );
  return { ...w, id };
}

describe('the worker client', () => {
  it('streams a load to the listener under its id, and answers asks by type', async () => {
    const w = await loadedWorker();
    expect(w.id).toBeGreaterThan(0);
    const types = w.streamed.filter((m) => m.type !== 'progress').map((m) => m.type);
    expect(types).toEqual(['loaded', 'counts']);
    expect(w.streamed.every((m) => m.requestId === w.id)).toBe(true);

    const run = await w.client.ask({ type: 'run', index: 0 });
    expect(run.type).toBe('run');
    expect(run.history.id).toBe('tau.json');
    const step = await w.client.ask({ type: 'step', run: 0, sub: [], index: 2 });
    expect(step.step).toEqual(run.history.steps[2]);
    // Asks carry ids of their own (below 0), so they never pass for a load's messages.
    expect(w.sent.slice(1).every((r) => r.requestId < 0)).toBe(true);
  });

  it("rejects with the worker's reason when a request fails", async () => {
    const w = await loadedWorker();
    const asked = w.client.ask({ type: 'run', index: 99 });
    await expect(asked).rejects.toThrow(WorkerError);
    await expect(asked).rejects.toThrow('No run 100 in the loaded file');
    // A failed ask is not a failed load: the stream hears nothing of it.
    expect(w.streamed.some((m) => m.type === 'failed')).toBe(false);
  });

  it("passes a sweep's progress to its asker, then its answer", async () => {
    const w = await loadedWorker();
    const progress: number[] = [];
    const swept = await w.client.ask(
      {
        type: 'sweep',
        target: { run: 0, sub: [], ...counting },
        choice: { strategyId: 'keep-last-n-steps', params: { n: 3 } },
        param: 'n',
        values: [1, 2, 3],
      },
      { onProgress: (p) => progress.push(p) },
    );
    expect(swept.sweep.points.map((p) => p.value)).toEqual([1, 2, 3]);
    expect(progress.length).toBeGreaterThan(0);
    expect(
      progress.every((p, i) => p >= 0 && p <= 1 && (i === 0 || p >= (progress[i - 1] ?? 0))),
    ).toBe(true);
  });

  it('drops the answer of an ask its asker aborted, and refuses one already aborted', async () => {
    const w = await loadedWorker();
    const controller = new AbortController();
    const asked = w.client.ask({ type: 'run', index: 0 }, { signal: controller.signal });
    controller.abort(new Error('not wanted'));
    await expect(asked).rejects.toThrow('not wanted');
    await expect(
      w.client.ask({ type: 'run', index: 0 }, { signal: controller.signal }),
    ).rejects.toThrow('not wanted');
    // The worker still answers; the answer finds no asker and goes nowhere.
    const again = await w.client.ask({ type: 'run', index: 0 });
    expect(again.index).toBe(0);
  });

  it('rejects an answer of another type than its request gets', async () => {
    const sent: WorkerRequest[] = [];
    const stream = vi.fn();
    const client = createWorkerClient({ postMessage: (r) => sent.push(r) }, stream);
    const asked = client.ask({ type: 'whole', run: 0, sub: [] });
    const requestId = sent[0]?.requestId ?? 0;
    client.receive({ type: 'found', requestId, indices: [] });
    await expect(asked).rejects.toThrow(
      "The worker's answer (found) is not the one its request gets",
    );
    // Answers for no asker (late, or aborted) are dropped, not streamed.
    client.receive({ type: 'found', requestId, indices: [] });
    expect(stream).not.toHaveBeenCalled();
  });

  it("asks for a loaded file's strategy indexes under an ask's id, and a failure stays off the stream", () => {
    const sent: WorkerRequest[] = [];
    const stream = vi.fn();
    const client = createWorkerClient({ postMessage: (r) => sent.push(r) }, stream);
    client.prepare(counting);
    client.prepare({ tokenizer: 'o200k_base', dialect: 'anthropic' });
    expect(sent).toEqual([
      { type: 'prepare', requestId: -1, ...counting },
      { type: 'prepare', requestId: -2, tokenizer: 'o200k_base', dialect: 'anthropic' },
    ]);
    // Nobody waits for it: were it to fail, the load's stream would not hear of it.
    client.receive({ type: 'failed', requestId: -1, message: 'no' });
    expect(stream).not.toHaveBeenCalled();
  });
});
