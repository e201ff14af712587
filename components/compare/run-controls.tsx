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
import { LabelledOptions } from '../ui/select';

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

/** When the strategy runs and on what: the trigger (with its number) and the mode. */
export function RunControls({
  index,
  run,
  onChange,
}: {
  index: number;
  run: RunConfig | undefined;
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
  const common = 'rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs';
  return (
    <fieldset
      aria-label={`When strategy ${index + 1} runs`}
      className="mt-2 flex flex-col gap-1 border-t border-slate-100 pt-2 text-xs text-slate-600"
    >
      <label className="grid grid-cols-[3.5rem_minmax(0,1fr)] items-center gap-2">
        <span>Runs</span>
        <select
          aria-label="Trigger"
          className={common}
          value={current.trigger.kind}
          onChange={(e) =>
            set({
              ...current,
              trigger: triggerOf(e.target.value as TriggerKind, current.trigger.onOverflow),
            })
          }
        >
          <LabelledOptions values={TRIGGER_KINDS} labels={TRIGGER_LABELS} />
        </select>
      </label>
      {number && (
        <label className="grid grid-cols-[3.5rem_minmax(0,1fr)] items-center gap-2">
          <span>{number.label}</span>
          <input
            aria-label={`Trigger ${number.key}`}
            type="number"
            min={number.min}
            step={1}
            className={common}
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
        <select
          aria-label="Mode"
          className={common}
          value={current.mode}
          onChange={(e) => set({ ...current, mode: e.target.value as RunMode })}
        >
          <LabelledOptions values={MODES} labels={MODE_LABELS} />
        </select>
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
      <label
        className="flex items-center gap-1.5"
        title="Off: the strategy runs on the context the agent really held, after the compactions the file records. On: it runs on the history as it grew, in their place."
      >
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
      {problem && <InlineError>{problem}</InlineError>}
    </fieldset>
  );
}
