/**
 * Seed 001's `MemoryManager`: `add`, `toMessages`, `prune`, `getStepsByType`, `clear`, `actionCount`.
 * One difference: the seed's `prune` replaces its steps in place, so "pruned steps cannot be
 * recovered"; a debugger must never lose the original, so `prune` returns a new manager (with the
 * strategy's fates) and leaves this one untouched. `add` appends, numbering the step as the seed
 * does (`step_number = len(steps)`), and stores a copy so the caller's object is not changed.
 */
import { toMessages } from '../messages';
import type { Dialect, DialectMessages, MessageOptions } from '../messages/types';
import { parseParams } from './index';
import { createStrategyContext } from './context';
import type { Strategy, StrategyContext, StrategyResult } from './types';
import type { Step, StepKind, StepOfKind } from '../model/types';

export class MemoryManager {
  #steps: Step[];

  constructor(steps: readonly Step[] = []) {
    this.#steps = [...steps];
  }

  get steps(): readonly Step[] {
    return this.#steps;
  }

  /** Seed: `step.step_number = len(self.steps)`, then append. */
  add(step: Step): Step {
    const numbered = { ...step, stepNumber: this.#steps.length };
    this.#steps.push(numbered);
    return numbered;
  }

  toMessages<D extends Dialect>(dialect: D, options: MessageOptions = {}): DialectMessages[D][] {
    return toMessages(this.#steps, dialect, options);
  }

  /** Applies a strategy and returns a new manager holding its result; this one is unchanged. */
  prune<P>(
    strategy: Strategy<P>,
    params?: Partial<P>,
    ctx: StrategyContext = createStrategyContext(),
  ): { manager: MemoryManager; result: StrategyResult } {
    const result = strategy.apply({ steps: this.#steps }, parseParams(strategy, params ?? {}), ctx);
    return { manager: new MemoryManager(result.steps), result };
  }

  getStepsByType<K extends StepKind>(kind: K): StepOfKind<K>[] {
    return this.#steps.filter((s): s is StepOfKind<K> => s.kind === kind);
  }

  clear(): void {
    this.#steps = [];
  }

  get actionCount(): number {
    return this.getStepsByType('action').length;
  }
}
