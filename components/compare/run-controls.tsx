'use client';
/**
 * When and how a strategy runs, on its card: the trigger (and its number), on overflow, and the mode
 * (stateless or in place), with the problem shown where it was typed.
 */

import {
  DEFAULT_RUN,
  isDefaultRun,
  MODE_LABELS,
  MODES,
  parseRunConfig,
  TRIGGER_KINDS,
  TRIGGER_LABELS,
  type RunConfig,
  type RunMode,
  type Trigger,
  type TriggerKind,
} from '../../lib/simulate/run-config';

import { InlineError } from '../ui/alert';
import { Input } from '../ui/input';
import { labelledOptions, Select } from '../ui/select';
import { Tooltip } from '../ui/tooltip';

/** The trigger's number, where its kind has one. */
export const TRIGGER_NUMBER: Partial<
  Record<
    TriggerKind,
    { key: 'threshold' | 'tokens' | 'k'; label: string; min: number; fallback: number }
  >
> = {
  'step-count': { key: 'threshold', label: 'steps', min: 0, fallback: 20 },
  'token-limit': { key: 'tokens', label: 'tokens', min: 0, fallback: 100_000 },
  'every-k-calls': { key: 'k', label: 'K', min: 1, fallback: 10 },
};

export function triggerOf(kind: TriggerKind, onOverflow: boolean, value?: number): Trigger {
  const number = TRIGGER_NUMBER[kind];
  return (
    number ? { kind, onOverflow, [number.key]: value ?? number.fallback } : { kind, onOverflow }
  ) as Trigger;
}

const TRIGGER_OPTIONS = labelledOptions<TriggerKind>(TRIGGER_KINDS, TRIGGER_LABELS);
const MODE_OPTIONS = labelledOptions<RunMode>(MODES, MODE_LABELS);

/** When the strategy runs and on what: the trigger (with its number) and the mode. */
export function RunControls({
  index,
  run,
  acts,
  onChange,
}: {
  index: number;
  run: RunConfig | undefined;
  /** The strategy's own gate ("compacts only once the context passes 167,000 tokens"). */
  acts?: string | undefined;
  onChange(run: RunConfig | undefined): void;
}) {
  let current: RunConfig = DEFAULT_RUN;
  let problem: string | undefined;
  try {
    current = parseRunConfig(run ?? {});
  } catch (error) {
    problem = (error as Error).message;
  }
  const set = (next: RunConfig) => onChange(isDefaultRun(next) ? undefined : next);
  const number = TRIGGER_NUMBER[current.trigger.kind];
  const value = number ? (current.trigger as Record<string, unknown>)[number.key] : undefined;
  return (
    <fieldset
      aria-label={`When strategy ${index + 1} runs`}
      className="mt-2 flex flex-col gap-1 border-t border-slate-100 pt-2 text-xs text-slate-600"
    >
      <label className="grid grid-cols-[3.5rem_minmax(0,1fr)] items-center gap-2">
        <span>Runs</span>
        <Select
          label="Trigger"
          size="xs"
          value={current.trigger.kind}
          onChange={(kind) =>
            set({ ...current, trigger: triggerOf(kind, current.trigger.onOverflow) })
          }
          options={TRIGGER_OPTIONS}
        />
      </label>
      {number && (
        <label className="grid grid-cols-[3.5rem_minmax(0,1fr)] items-center gap-2">
          <span>{number.label}</span>
          <Input
            size="xs"
            aria-label={`Trigger ${number.key}`}
            type="number"
            min={number.min}
            step={1}
            value={typeof value === 'number' ? value : ''}
            onChange={(e) =>
              set({
                ...current,
                trigger: triggerOf(
                  current.trigger.kind,
                  current.trigger.onOverflow,
                  e.target.value === '' ? undefined : Number(e.target.value),
                ),
              })
            }
          />
        </label>
      )}
      <label className="grid grid-cols-[3.5rem_minmax(0,1fr)] items-center gap-2">
        <span>On</span>
        <Select
          label="Mode"
          size="xs"
          value={current.mode}
          onChange={(mode) => set({ ...current, mode })}
          options={MODE_OPTIONS}
        />
      </label>
      <label className="flex items-center gap-1.5">
        <input
          aria-label="Also on overflow"
          type="checkbox"
          checked={current.trigger.onOverflow}
          onChange={(e) =>
            set({ ...current, trigger: { ...current.trigger, onOverflow: e.target.checked } })
          }
        />
        also before a call that overflows the window
      </label>
      <Tooltip content="Off: the strategy runs on the context the agent really held, after the compactions the file records. On: it runs on the history as it grew, in their place.">
        <label className="flex w-fit items-center gap-1.5">
          <input
            aria-label="Instead of the run's own compactions"
            type="checkbox"
            checked={current.recorded === 'replace'}
            onChange={(e) => {
              const { recorded: _recorded, ...rest } = current;
              set(e.target.checked ? { ...rest, recorded: 'replace' } : rest);
            }}
          />
          instead of the run&apos;s own compactions
        </label>
      </Tooltip>
      {acts && <p className="text-slate-600">The trigger says when it is checked: it {acts}.</p>}
      {problem && <InlineError>{problem}</InlineError>}
    </fieldset>
  );
}
