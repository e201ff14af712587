'use client';
/**
 * The page's one-answer requests to the history worker (a record, a whole step or history of a run
 * the page holds as a preview, a search in whole texts, a comparison, contexts at a call, a sweep),
 * each typed by the protocol's request-to-answer map; a failure becomes an error (or, for a
 * record, a line saying why).
 */
import { useCallback } from 'react';
import type { Comparison } from '../../lib/compare/compare';
import type { StrategyChoice } from '../../lib/compare/config';
import type { CustomOutput } from '../../lib/compare/custom-run';
import type { SweepResult } from '../../lib/compare/sweep';
import type { PriceSheet } from '../../lib/simulate/cache';
import type { StepQuery } from '../../lib/model/query';
import type { History, Step } from '../../lib/model/types';
import type {
  AnswerOf,
  AskFields,
  CompareTarget,
  FailedResponse,
  HistoryPlace,
} from '../../lib/worker/protocol';

/** Sends a one-answer request and resolves with its answer or its failure. */
export type Ask = <T extends keyof AnswerOf>(
  type: T,
  fields: AskFields<T>,
  onProgress?: (fraction: number) => void,
) => Promise<AnswerOf[T] | FailedResponse>;

/** A loaded file's record at a JSON pointer, as indented JSON. */
export const recordRequest = async (ask: Ask, file: string, pointer: string) => {
  const m = await ask('record', { file, pointer });
  return m.type === 'record' ? m.text : `Could not read the record: ${m.message}`;
};

/** The whole of step `index` of a history (the page holds a preview of it). */
export const stepRequest = async (ask: Ask, place: HistoryPlace, index: number): Promise<Step> => {
  const m = await ask('step', { ...place, index });
  if (m.type === 'step') return m.step;
  throw new Error(m.message);
};

/** A whole history (the page holds a preview of it). */
export const wholeRequest = async (ask: Ask, place: HistoryPlace): Promise<History> => {
  const m = await ask('whole', place);
  if (m.type === 'whole') return m.history;
  throw new Error(m.message);
};

/** Indices of the steps of a history that match `query`, searched in their whole texts. */
export const searchRequest = async (
  ask: Ask,
  place: HistoryPlace,
  query: StepQuery,
): Promise<number[]> => {
  const m = await ask('search', { ...place, query });
  if (m.type === 'found') return m.indices;
  throw new Error(m.message);
};

/** Strategies side by side over a loaded history, computed in the worker. */
export const compareRequest = async (
  ask: Ask,
  target: CompareTarget,
  choices: readonly StrategyChoice[],
  custom?: Readonly<Record<number, CustomOutput | string>>,
): Promise<Comparison> => {
  const m = await ask('compare', { target, choices, ...(custom ? { custom } : {}) });
  if (m.type === 'compared') return m.comparison;
  throw new Error(m.message);
};

/** Each choice's context at the call that produced step `stepIndex`. */
export const contextsRequest = async (
  ask: Ask,
  target: CompareTarget,
  choices: readonly StrategyChoice[],
  stepIndex: number,
  custom?: Readonly<Record<number, CustomOutput | string>>,
) => {
  const m = await ask('context-at', {
    target,
    choices,
    stepIndex,
    ...(custom ? { custom } : {}),
  });
  if (m.type === 'contexts') return { contexts: m.contexts, tokens: m.tokens };
  throw new Error(m.message);
};

/** One strategy swept over values of one parameter, with progress as each value is done. */
export const sweepRequest = async (
  ask: Ask,
  target: CompareTarget,
  choice: StrategyChoice,
  param: string,
  values: readonly number[],
  sheet: PriceSheet | undefined,
  onProgress: (fraction: number) => void,
): Promise<SweepResult> => {
  const m = await ask(
    'sweep',
    { target, choice, param, values, ...(sheet ? { sheet } : {}) },
    onProgress,
  );
  if (m.type === 'swept') return m.sweep;
  throw new Error(m.message);
};

/** A request bound to the loader's `ask`, stable while `ask` is. */
export function useBound<A extends unknown[], R>(
  request: (ask: Ask, ...args: A) => R,
  ask: Ask,
): (...args: A) => R {
  return useCallback((...args: A) => request(ask, ...args), [request, ask]);
}
