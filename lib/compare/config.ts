/**
 * A comparison's configuration (the strategies, their parameters, triggers and modes, never the
 * user's data), and its form in the URL: `?compare=<strategy>[@<json run>][~<json params>]|…`,
 * e.g. `keep-last-n-steps@{"mode":"in-place","trigger":{"kind":"step-count","threshold":20}}~{"n":10}`.
 * Decoding checks every strategy id, parameter set and run config and says what is wrong.
 */
import { z } from 'zod';
import { getStrategy, parseParams, StrategyParamsError } from '../strategies';
import {
  isDefaultRun,
  parseRunConfig,
  RunConfigError,
  type RunConfig,
} from '../simulate/run-config';
import { CUSTOM_ID } from './custom-run';

export interface StrategyChoice {
  readonly strategyId: string;
  /** Raw parameters as the user gave them; defaults fill the rest. */
  readonly params: Readonly<Record<string, unknown>>;
  /** When the strategy runs and on what; absent: before every call, stateless. */
  readonly run?: RunConfig;
}

/** The run config of a choice, validated (defaults when it has none). */
export function runOf(choice: StrategyChoice): RunConfig {
  return parseRunConfig(choice.run ?? {});
}

/** A value as JSON with object keys sorted, so equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * The same strategy, parameters and run, however they were written (a choice decoded from the URL
 * has its run's keys in another order, and its defaults filled in). `ignoreRecorded` leaves out
 * whether it runs instead of the run's own compactions.
 */
export function sameChoice(
  a: StrategyChoice,
  b: StrategyChoice,
  { ignoreRecorded = false }: { ignoreRecorded?: boolean } = {},
): boolean {
  if (a.strategyId !== b.strategyId || canonical(a.params) !== canonical(b.params)) return false;
  let ra: RunConfig;
  let rb: RunConfig;
  try {
    ra = runOf(a);
    rb = runOf(b);
  } catch {
    return false;
  }
  if (ignoreRecorded) {
    const { recorded: _a, ...xa } = ra;
    const { recorded: _b, ...xb } = rb;
    return canonical(xa) === canonical(xb);
  }
  return canonical(ra) === canonical(rb);
}

const choice = z.object({
  strategyId: z.string().min(1),
  params: z.record(z.string(), z.unknown()),
});

/** `clear-tool-uses~{"keep":5}|none` (empty params and the default run are left out). */
export function encodeChoices(choices: readonly StrategyChoice[]): string {
  return choices
    .map((c) => {
      const run = c.run && !isDefaultRun(c.run) ? `@${JSON.stringify(c.run)}` : '';
      const params = Object.keys(c.params).length === 0 ? '' : `~${JSON.stringify(c.params)}`;
      return `${c.strategyId}${run}${params}`;
    })
    .join('|');
}

export class ChoiceError extends Error {
  override name = 'ChoiceError';
}

/** The choices in a `compare` URL value; unknown strategies and bad parameters are errors that name them. */
export function decodeChoices(value: string): StrategyChoice[] {
  if (value.trim() === '') return [];
  return value.split('|').map((part, i) => {
    let cut = part.indexOf('~');
    const at = part.indexOf('@');
    let run: RunConfig | undefined;
    if (at >= 0 && (cut < 0 || at < cut)) {
      // The run config holds no '~' (kinds, numbers, booleans): it ends at the first one.
      const end = cut < 0 ? part.length : cut;
      try {
        run = parseRunConfig(JSON.parse(part.slice(at + 1, end)));
      } catch (error) {
        const why = error instanceof RunConfigError ? error.message : 'not valid JSON';
        throw new ChoiceError(`strategy ${i + 1} (${part.slice(0, at)}): run config ${why}`);
      }
      part = part.slice(0, at) + part.slice(end);
      cut = part.indexOf('~');
    }
    const strategyId = cut < 0 ? part : part.slice(0, cut);
    let params: unknown = {};
    if (cut >= 0) {
      try {
        params = JSON.parse(part.slice(cut + 1));
      } catch {
        throw new ChoiceError(
          `strategy ${i + 1} (${strategyId}): the parameters are not valid JSON`,
        );
      }
    }
    const parsed = choice.safeParse({ strategyId, params });
    if (!parsed.success)
      throw new ChoiceError(
        `strategy ${i + 1} (${strategyId || 'no id'}): parameters must be an object`,
      );
    const out: StrategyChoice = run ? { ...parsed.data, run } : parsed.data;
    if (strategyId === CUSTOM_ID) {
      if (typeof parsed.data.params.code !== 'string')
        throw new ChoiceError(`strategy ${i + 1} (custom): the function's code is missing`);
      return out;
    }
    try {
      parseParams(getStrategy(strategyId), parsed.data.params);
    } catch (error) {
      if (error instanceof StrategyParamsError)
        throw new ChoiceError(`strategy ${i + 1}: ${error.message}`);
      throw error;
    }
    return out;
  });
}

/** The key of a comparison's inputs: the history on screen, how it is counted and priced, and the choices. */
export function comparisonKey(
  historyId: string,
  target: {
    run: number;
    sub: readonly string[];
    tokenizer: string;
    dialect: string;
    model?: string;
  },
  choices: readonly StrategyChoice[],
): string {
  return [
    historyId,
    target.run,
    target.sub.join('/'),
    target.tokenizer,
    target.model ?? '',
    target.dialect,
    encodeChoices(choices),
  ].join('|');
}
