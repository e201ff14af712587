/**
 * A user's `(steps, ctx) => steps` function, as the compare view runs it: in a sandboxed worker
 * (components/compare/sandbox.worker.ts) with no network and a time limit. This module is what both
 * sides share: the sandbox's job (`runCustomCode`), and turning its output into a strategy the
 * comparison can replay (`precomputedStrategy`), without ever running user code in the app's worker.
 */
import { STEP_KINDS, type Step } from '../model/types';
import { createCustomStrategy } from '../strategies/custom';
import type { Strategy } from '../strategies/types';

export const CUSTOM_ID = 'custom';
export const CUSTOM_TIME_LIMIT_MS = 3000;

export const CUSTOM_EXAMPLE = `// Keep the system prompt, the first task and the last 6 steps.
(steps, ctx) => {
  const head = steps.filter((s, i) => s.kind === 'system-prompt' || (s.kind === 'task' && i < 3));
  const tail = steps.slice(-6).filter((s) => !head.includes(s));
  return [...head, ...tail];
}`;

/** What the user's function receives besides the steps. */
export interface CustomContext {
  readonly contextWindow: number;
  /** A quick estimate (characters / 4) for budgets. */
  estimateTokens(text: string): number;
}

/** The function's output for the whole history and for the history before each call. */
export interface CustomOutput {
  readonly final: readonly Step[];
  /** Keyed by the call's step index: its context. */
  readonly perCall: Readonly<Record<number, readonly Step[]>>;
}

function checkOutput(out: unknown, where: string): Step[] {
  if (!Array.isArray(out))
    throw new TypeError(
      `${where}: the function must return an array of steps, not ${out === null ? 'null' : typeof out}`,
    );
  out.forEach((s, i) => {
    const ok =
      typeof s === 'object' &&
      s !== null &&
      typeof (s as Step).id === 'string' &&
      (STEP_KINDS as readonly string[]).includes((s as Step).kind);
    if (!ok)
      throw new TypeError(
        `${where}: item ${i} is not a step (each needs an "id" and a "kind" of ${STEP_KINDS.join(', ')})`,
      );
  });
  return out as Step[];
}

/** Runs user code over the whole history and every prefix a call saw. Throws with a message a person can act on. */
export function runCustomCode(
  code: string,
  steps: readonly Step[],
  callIndices: readonly number[],
  contextWindow: number,
): CustomOutput {
  let fn: unknown;
  try {
    fn = new Function(`"use strict"; return (${code}\n);`)();
  } catch (error) {
    throw new SyntaxError(`the code does not parse: ${(error as Error).message}`);
  }
  if (typeof fn !== 'function')
    throw new TypeError('the code must be a function: (steps, ctx) => steps');
  const ctx: CustomContext = {
    contextWindow,
    estimateTokens: (text) => Math.ceil(String(text).length / 4),
  };
  const call = (prefix: readonly Step[], where: string) =>
    checkOutput(
      (fn as (s: Step[], c: CustomContext) => unknown)(structuredClone([...prefix]), ctx),
      where,
    );
  const perCall: Record<number, Step[]> = {};
  for (const k of callIndices) perCall[k] = call(steps.slice(0, k), `before call at step ${k}`);
  return { final: call(steps, 'on the whole history'), perCall };
}

/**
 * Runs a custom function's code on a history in the sandbox: its output, or why it failed (a
 * message for the column). The page's sandbox (components/compare/sandbox.ts) is one; a fleet
 * comparison calls it once per run, from the history worker.
 */
export type CustomRunner = (
  code: string,
  steps: readonly Step[],
  callIndices: readonly number[],
  contextWindow: number,
) => Promise<CustomOutput | string>;

/** A strategy that answers from the sandbox's output: the whole history, or the prefix before a call. */
export function precomputedStrategy(
  output: CustomOutput,
  label = 'Custom function',
): Strategy<Record<string, never>> {
  return createCustomStrategy(
    (steps) => [...(output.perCall[steps.length] ?? output.final)].map((s) => ({ ...s })),
    { id: CUSTOM_ID, label },
  );
}
