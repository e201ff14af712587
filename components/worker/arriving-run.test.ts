import { describe, expect, it } from 'vitest';
import { sampleText } from '../../test/samples';
import { createWorkerHandler } from '../../lib/worker/handle-request';
import type { WorkerResponse } from '../../lib/worker/protocol';
import { ArrivingRun } from './arriving-run';

const text = sampleText('tau-bench-airline-task3.json');

async function load(stepsPerMessage?: number) {
  const posted: WorkerResponse[] = [];
  const handle = createWorkerHandler(
    (m) => posted.push(m),
    undefined,
    [],
    stepsPerMessage ? { stepsPerMessage } : {},
  );
  await handle({
    type: 'load',
    requestId: 7,
    name: 't.json',
    text,
    tokenizer: 'heuristic',
    dialect: 'openai',
  });
  return posted;
}

describe('the first run in parts', () => {
  it('is put together from the worker messages into the run one message carries', async () => {
    const whole = await load();
    const parts = await load(5);
    const one = whole.find((m) => m.type === 'loaded');
    if (one?.type !== 'loaded') throw new Error('not loaded');
    expect(one.more).toBe(0);
    // 42 steps, 5 at a time: `loaded` with 5 and 37 more, then 8 `steps` messages, then the counts.
    const types = parts.filter((m) => m.type !== 'progress').map((m) => m.type);
    expect(types).toEqual(['loaded', ...Array(8).fill('steps'), 'counts']);
    const arriving = new ArrivingRun();
    const done = parts.flatMap((m) =>
      m.type === 'loaded' || m.type === 'steps' ? [arriving.add(m)] : [],
    );
    expect(done.slice(0, -1).every((d) => d === undefined)).toBe(true);
    const { more: _more, first, type: _type, requestId: _id, estimate, ...file } = one;
    expect(estimate).toBeDefined();
    expect(done.at(-1)).toEqual({ file, first, estimate });
    // The chars/4 counts travel with the last part only: the worker counts them while the page
    // takes in the parts before it.
    const withEstimate = parts.filter(
      (m) => (m.type === 'loaded' || m.type === 'steps') && m.estimate !== undefined,
    );
    expect(withEstimate).toEqual([parts.filter((m) => m.type === 'steps').at(-1)]);
  });

  it('waits for the chars/4 counts when the steps are all in without them', async () => {
    const parts = (await load(10)).filter((m) => m.type === 'loaded' || m.type === 'steps');
    const last = parts.at(-1);
    if (last?.type !== 'steps' || !last.estimate) throw new Error('no estimate on the last part');
    const { estimate, ...bare } = last;
    const arriving = new ArrivingRun();
    for (const m of parts.slice(0, -1)) expect(arriving.add(m)).toBeUndefined();
    expect(arriving.add(bare)).toBeUndefined();
    expect(
      arriving.add({ type: 'steps', requestId: last.requestId, steps: [], estimate })?.estimate,
    ).toBe(estimate);
  });

  it('ignores parts of a load the page has since replaced', async () => {
    const parts = (await load(10)).filter((m) => m.type === 'loaded' || m.type === 'steps');
    const arriving = new ArrivingRun();
    const [first, ...rest] = parts;
    if (first?.type !== 'loaded') throw new Error('not loaded');
    arriving.add(first);
    arriving.add({ ...first, requestId: 8, more: 0, first: { ...first.first, steps: [] } });
    // The steps of request 7 no longer complete anything.
    expect(rest.map((m) => m.type === 'steps' && arriving.add(m))).toEqual(
      rest.map(() => undefined),
    );
  });
});
