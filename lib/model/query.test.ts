import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importText } from '../import';
import { isEmptyQuery, queryStepIndices, toolNamesIn } from './query';
import type { Step } from './types';

const steps = importText(
  readFileSync(
    new URL('../../public/samples/tau-bench-airline-task3.json', import.meta.url),
    'utf8',
  ),
  'tau',
).file.histories[0]?.steps as Step[];

describe('step queries on a real run', () => {
  it('filters by kind, tool, inclusive range and text', () => {
    expect(queryStepIndices(steps, {})).toHaveLength(42);
    expect(queryStepIndices(steps, { kinds: ['task'] })).toHaveLength(11);
    const details = queryStepIndices(steps, { tool: 'get_reservation_details' });
    expect(details.length).toBeGreaterThan(5);
    expect(details.every((i) => steps[i]?.kind === 'action')).toBe(true);
    expect(queryStepIndices(steps, { from: 5, to: 9 }).map((i) => steps[i]?.stepNumber)).toEqual([
      5, 6, 7, 8, 9,
    ]);
    expect(
      queryStepIndices(steps, { text: 'SOFIA_KIM_7287' }).map((i) => steps[i]?.stepNumber),
    ).toContain(5);
    expect(queryStepIndices(steps, { withError: true })).toEqual([]);
    expect(
      queryStepIndices(steps, { kinds: ['action'], text: 'reservation', from: 20 }).every(
        (i) => (steps[i]?.stepNumber ?? 0) >= 20,
      ),
    ).toBe(true);
  });

  it('lists the tools and knows an empty query', () => {
    expect(toolNamesIn(steps)).toContain('update_reservation_flights');
    expect(isEmptyQuery({})).toBe(true);
    expect(isEmptyQuery({ text: '  ' })).toBe(true);
    expect(isEmptyQuery({ withError: false })).toBe(false);
  });
});
