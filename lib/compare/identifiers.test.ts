import { describe, expect, it } from 'vitest';
import type { ActionStep } from '../model/types';
import { createStrategyContext } from '../strategies/context';
import { sampleRun } from '../../test/samples';
import { compareStrategies } from './compare';
import { outputText, visibleText } from './identifiers';

const history = sampleRun('tau-bench-airline-task3.json');
const ctx = createStrategyContext({ tokenizer: 'heuristic', dialect: 'openai', model: 'gpt-4o' });

describe('lost identifiers say what they are and where they were needed', () => {
  const [keep2] = compareStrategies(
    history,
    [{ strategyId: 'keep-last-n-steps', params: { n: 2 } }],
    ctx,
  ).columns;
  const lost = keep2?.lost ?? [];
  const indexOf = (id: string) => history.steps.findIndex((s) => s.id === id);

  it('names each by the argument the call passed it as, else by its shape', () => {
    expect(lost.length).toBeGreaterThan(0);
    // get_reservation_details(reservation_id: "KA7I60") needed an id only the profile held.
    expect(lost).toContainEqual(
      expect.objectContaining({ identifier: 'KA7I60', kind: 'reservation id' }),
    );
    expect(lost).toContainEqual(
      expect.objectContaining({ identifier: 'gift_card_7480005', kind: 'payment id' }),
    );
    // A number the model wrote in its own text is said to be a number.
    expect(lost).toContainEqual(expect.objectContaining({ identifier: '7091239', kind: 'number' }));
    for (const l of lost) expect(l.kind).toMatch(/^[a-z][a-z ]*$|^URL$/);
  });

  it('links the step that introduced it to the later call that needed it', () => {
    for (const l of lost) {
      const from = indexOf(l.lostAtStepId);
      const at = indexOf(l.usedAtStepId);
      expect(from).toBeGreaterThanOrEqual(0);
      expect(at).toBeGreaterThan(from);
      expect(visibleText([history.steps[from]!])).toContain(l.identifier);
      expect(outputText(history.steps[at] as ActionStep)).toContain(l.identifier);
    }
  });
});
