import { describe, expect, it, vi } from 'vitest';
import { sampleText } from '../../test/samples';
import { createDebuggerStore } from '../../lib/state/debugger-store';
import { createStepTokens } from '../../lib/tokens/step-tokens';
import { createWorkerHandler } from '../../lib/worker/handle-request';
import type { StreamMessage, StreamRequest } from '../../lib/worker/client';
import type { WorkerRequest } from '../../lib/worker/protocol';
import { createLoader } from './loader';

describe('the loader', () => {
  it("shows the worker's chars/4 estimate with the run, then its exact counts", async () => {
    const store = createDebuggerStore();
    const requests: StreamRequest[] = [];
    const drawn: number[] = [];
    const loader = createLoader(
      store,
      {
        stream: (request) => (requests.push(request), requests.length),
        drawn: (requestId) => drawn.push(requestId),
      },
      () => {},
    );
    const text = sampleText('tau-bench-airline-task3.json');
    loader.loadText('t.json', text);
    // The worker's answer to that request, in parts of 5 steps.
    const posted: StreamMessage[] = [];
    const handle = createWorkerHandler((m) => posted.push(m as StreamMessage), undefined, [], {
      stepsPerMessage: 5,
    });
    await handle({ ...requests[0], requestId: 1 } as WorkerRequest);
    const exactAt = posted.findIndex((m) => m.type === 'counts');
    for (const m of posted.slice(0, exactAt)) loader.receive(m);
    const steps = store.getState().run?.history.steps ?? [];
    expect(steps).toHaveLength(42);
    const { tokenizer, dialect } = store.getState();
    expect(tokenizer).not.toBe('heuristic');
    const heuristic = createStepTokens('heuristic', dialect);
    expect(store.getState().counts).toEqual({
      tokenizer: 'heuristic',
      dialect,
      exact: false,
      byHistory: { 't.json': steps.map((s) => heuristic.step(s)) },
    });
    // The page tells the worker once the run has been drawn, after the store took it.
    await vi.waitFor(() => expect(drawn).toEqual([1]));
    for (const m of posted.slice(exactAt)) loader.receive(m);
    expect(store.getState().counts).toMatchObject({ tokenizer, dialect, exact: true });
    expect(store.getState().counts?.byHistory['t.json']).not.toEqual(
      steps.map((s) => heuristic.step(s)),
    );
  });
});
