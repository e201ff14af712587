import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleRun } from '../../test/samples';
import type { Step } from '../model/types';
import { sameStep } from './same-step';

/** A copy of a JSON value with new objects and arrays throughout, keys in the same order. */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A step with fields its type does not declare (what `sameStep` must still compare). */
const withFields = (step: Step, fields: Record<string, unknown>): Step =>
  Object.assign({}, step, fields);

describe('sameStep', () => {
  const run = sampleRun('tau-bench-airline-task3.json');

  it('holds for the same content in other objects, and for no other step of a real run', () => {
    const steps = run.steps;
    expect(steps.length).toBeGreaterThan(20);
    for (const [i, s] of steps.entries()) {
      expect(sameStep(s, copy(s))).toBe(true);
      // Another step under this one's id and kind differs in content.
      for (const t of steps.slice(i + 1))
        if (t.kind === s.kind) expect(sameStep(s, { ...t, id: s.id } as Step)).toBe(false);
    }
  });

  it('is JSON equality of the steps (a key holding undefined is no key)', () => {
    const step = run.steps.find((s) => s.kind === 'action') as Step;
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.jsonValue(),
        fc.boolean(),
        fc.boolean(),
        (x, y, same, aHas) => {
          // A field no step type has, holding any JSON; one of the two holds a key set to undefined.
          const a = withFields(step, { extra: x, ...(aHas ? { gone: undefined } : {}) });
          const b = withFields(step, {
            extra: same ? copy(x) : y,
            ...(aHas ? {} : { gone: undefined }),
          });
          expect(sameStep(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
        },
      ),
      { numRuns: 500 },
    );
  });
});
