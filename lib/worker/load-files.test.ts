/**
 * The strategies' preparation (`prepareAll`, once a view that applies them opens) builds their
 * indexes one strategy at a time, then the comparison's identifier index, a task each, so a request
 * the worker receives meanwhile is answered between two; it stops once the file is replaced, and a
 * fleet (several runs) prepares nothing.
 */
import { describe, expect, it } from 'vitest';
import { sampleRun } from '../../test/samples';
import { PREPARED_STRATEGIES } from '../strategies/load-index';
import { createStepTokens } from '../tokens/step-tokens';
import { prepareAll } from './load-files';

const run = sampleRun('tau-bench-airline-task3.json');
const tokens = () => createStepTokens('heuristic', 'recorded');

describe('prepareAll', () => {
  it('lets other tasks run between strategies', async () => {
    expect(PREPARED_STRATEGIES.length).toBeGreaterThan(1);
    const order: string[] = [];
    let asked = 0;
    const done = prepareAll({ histories: [run] }, tokens(), () => {
      asked++;
      return true;
    }).then(() => order.push('prepared'));
    setTimeout(() => order.push('a request'), 0);
    await done;
    expect(order).toEqual(['a request', 'prepared']);
    // Each strategy's indexes, then the comparison's identifier index.
    expect(asked).toBe(PREPARED_STRATEGIES.length + 1);
  });

  it('stops when the file is replaced, and prepares nothing for a fleet', async () => {
    let asked = 0;
    await prepareAll({ histories: [run] }, tokens(), () => ++asked < 2);
    expect(asked).toBe(2);
    asked = 0;
    await prepareAll({ histories: [run, run] }, tokens(), () => ++asked > 0);
    expect(asked).toBe(0);
  });
});
