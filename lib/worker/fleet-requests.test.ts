/** The fleet answer through the worker's dispatcher, on the real 115-run tau-bench file. */
import { describe, expect, it } from 'vitest';
import { fixtureText } from '../../test/samples';
import { createWorkerHandler } from './handle-request';
import type { FleetResponse, WorkerResponse } from './protocol';

const text = fixtureText('real/openai-chat/tau-bench__tool-calling-grok-3.json');

describe('the fleet answer', () => {
  it('sends every run as a row, the chars/4 estimate and then the exact counts the load made', async () => {
    const messages: WorkerResponse[] = [];
    const handle = createWorkerHandler((m) => messages.push(m));
    await handle({
      type: 'load',
      requestId: 1,
      name: 'tau.json',
      text,
      tokenizer: 'o200k_base',
      dialect: 'recorded',
    });
    const exactCounts = messages.filter((m) => m.type === 'counts').at(-1);
    if (exactCounts?.type !== 'counts') throw new Error('no counts');
    messages.length = 0;
    await handle({ type: 'fleet', requestId: -1, tokenizer: 'heuristic', dialect: 'recorded' });
    await handle({ type: 'fleet', requestId: -2, tokenizer: 'o200k_base', dialect: 'recorded' });
    const answers = messages.filter((m): m is FleetResponse => m.type === 'fleet-rows');
    expect(answers.map((a) => [a.requestId, a.tokenizer, a.rows.length])).toEqual([
      [-1, 'heuristic', 115],
      [-2, 'o200k_base', 115],
    ]);
    const [rough, exact] = answers as [FleetResponse, FleetResponse];
    expect(rough.rows[7]!.inputTokens).not.toBe(exact.rows[7]!.inputTokens);
    // Progress per run, ending at 1, for each request.
    const progress = messages.filter((m) => m.type === 'progress' && m.requestId === -2);
    expect(progress.length).toBeGreaterThan(10);
    expect(progress.at(-1)).toMatchObject({ progress: 1 });
  });

  it('says when no file is loaded', async () => {
    const messages: WorkerResponse[] = [];
    await createWorkerHandler((m) => messages.push(m))({
      type: 'fleet',
      requestId: -1,
      tokenizer: 'heuristic',
      dialect: 'recorded',
    });
    expect(messages).toEqual([{ type: 'failed', requestId: -1, message: 'No history is loaded' }]);
  });
});
