/**
 * When a strategy runs, and what it leaves behind: the trigger that fires it and the mode it runs in.
 *
 * Triggers follow where frameworks call their context managers:
 * - `every-call`: before every model call (LangChain `trim_messages` in a model node, Anthropic's
 *   server-side context editing, which sees the whole request each time);
 * - `after-step`: after every step is added (seed 004 `ReactAgent`: `memory.add(...)` then
 *   `if self.enable_pruning: self.memory.prune(...)`);
 * - `step-count`: after a step is added, when the history holds more than `threshold` steps (seed
 *   001's usage loop: `if len(manager.steps) > threshold: manager.prune(...)`);
 * - `after-invocation`: when an agent invocation ends, i.e. before the next user task arrives (seed
 *   002's `apply_sliding_window()` after each query; Strands' `apply_management` after each
 *   invocation);
 * - `token-limit`: before a call whose context exceeds `tokens` (Claude Code's auto-compaction near
 *   the window minus its reserve, LangChain's summarization middleware trigger);
 * - `every-k-calls`: before calls K, 2K, 3K, …
 * `onOverflow` also fires before any call whose context exceeds the model's window (Strands'
 * `reduce_context` on a context-window overflow).
 *
 * Modes: `in-place` is the seeds' `prune`: the history is replaced by what the strategy returns,
 * later steps are appended to it and the next application runs on that (what was cut never comes
 * back). `stateless` keeps the full history and applies the strategy to all of it whenever the
 * trigger fires; steps after that are appended to that view until the trigger fires again.
 *
 * `recorded`: what the strategy does with the context changes the run itself recorded (a
 * framework's compactions, seed 003's summarize/expand calls). `honour` (the default) runs it on
 * the context the agent really held, as `none` replays it; `replace` runs it instead of them, on the
 * history as it grew, their summaries left out: "had this preset managed the context, not the
 * framework's own compaction".
 */
import { z } from 'zod';

export const TRIGGER_KINDS = [
  'every-call',
  'after-step',
  'step-count',
  'after-invocation',
  'token-limit',
  'every-k-calls',
] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];

const overflow = z
  .boolean()
  .default(false)
  .describe("Also run before any call whose context exceeds the model's window.");

export const triggerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('every-call'), onOverflow: overflow }).strict(),
  z.object({ kind: z.literal('after-step'), onOverflow: overflow }).strict(),
  z
    .object({
      kind: z.literal('step-count'),
      threshold: z
        .number()
        .int()
        .min(0)
        .default(20)
        .describe('Run after a step is added when the history holds more steps than this.'),
      onOverflow: overflow,
    })
    .strict(),
  z.object({ kind: z.literal('after-invocation'), onOverflow: overflow }).strict(),
  z
    .object({
      kind: z.literal('token-limit'),
      tokens: z
        .number()
        .int()
        .min(0)
        .default(100_000)
        .describe('Run before a call whose context exceeds this many tokens.'),
      onOverflow: overflow,
    })
    .strict(),
  z
    .object({
      kind: z.literal('every-k-calls'),
      k: z.number().int().min(1).default(10).describe('Run before every K-th model call.'),
      onOverflow: overflow,
    })
    .strict(),
]);
export type Trigger = z.infer<typeof triggerSchema>;

export const MODES = ['stateless', 'in-place'] as const;
export type RunMode = (typeof MODES)[number];

export const RECORDED = ['honour', 'replace'] as const;
export type RecordedHandling = (typeof RECORDED)[number];

export interface RunConfig {
  readonly trigger: Trigger;
  readonly mode: RunMode;
  /** Absent: `honour`. */
  readonly recorded?: RecordedHandling;
}

/** Today's model and the default: re-applied to the whole history before every call. */
export const DEFAULT_RUN: RunConfig = {
  trigger: { kind: 'every-call', onOverflow: false },
  mode: 'stateless',
};

export const TRIGGER_LABELS: Readonly<Record<TriggerKind, string>> = {
  'every-call': 'before every call',
  'after-step': 'after every step',
  'step-count': 'when the step count passes a threshold',
  'after-invocation': 'after each user query (invocation)',
  'token-limit': 'when input tokens pass a limit',
  'every-k-calls': 'every K calls',
};

export const MODE_LABELS: Readonly<Record<RunMode, string>> = {
  stateless: 'stateless (full history kept, view re-derived)',
  'in-place': 'in place (pruned history carried forward)',
};

const runSchema = z
  .object({
    trigger: z.unknown().optional(),
    mode: z.enum(MODES).optional(),
    recorded: z.enum(RECORDED).optional(),
  })
  .strict();

export class RunConfigError extends Error {
  override name = 'RunConfigError';
}

/** Names the first unknown key of an object against the expected ones, or undefined. */
export function unknownKeyProblem(
  value: unknown,
  expected: readonly string[],
  what: string,
): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const unknown = Object.keys(value).filter((k) => !expected.includes(k));
  if (unknown.length === 0) return undefined;
  const names = unknown.map((k) => `"${k}"`).join(', ');
  return `${what}: unknown ${unknown.length === 1 ? 'key' : 'keys'} ${names} (expected: ${expected.length ? expected.join(', ') : 'none'})`;
}

/** The trigger's keys for its kind (for error messages and forms). */
export function triggerKeys(kind: TriggerKind): string[] {
  const option = triggerSchema.options.find((o) => o.shape.kind.value === kind);
  return option ? Object.keys(option.shape) : ['kind'];
}

/** Validates a raw trigger; an unknown kind or key is an error naming it and what was expected. */
export function parseTrigger(raw: unknown): Trigger {
  if (raw === undefined) return DEFAULT_RUN.trigger;
  if (typeof raw === 'string') raw = { kind: raw };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new RunConfigError(
      'trigger: expected an object like {"kind": "step-count", "threshold": 20}',
    );
  const kind = (raw as { kind?: unknown }).kind;
  if (!(TRIGGER_KINDS as readonly unknown[]).includes(kind)) {
    throw new RunConfigError(
      `trigger: unknown kind ${JSON.stringify(kind)} (expected: ${TRIGGER_KINDS.join(', ')})`,
    );
  }
  const problem = unknownKeyProblem(
    raw,
    triggerKeys(kind as TriggerKind),
    `trigger ${String(kind)}`,
  );
  if (problem) throw new RunConfigError(problem);
  const parsed = triggerSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RunConfigError(
      `trigger ${String(kind)}: ${issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : 'invalid'}`,
    );
  }
  return parsed.data;
}

/** Validates `{trigger?, mode?, recorded?}`, filling today's defaults. */
export function parseRunConfig(raw: unknown = {}): RunConfig {
  const problem = unknownKeyProblem(raw, ['trigger', 'mode', 'recorded'], 'run');
  if (problem) throw new RunConfigError(problem);
  const parsed = runSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.path[0];
    throw new RunConfigError(
      key === 'recorded'
        ? `recorded: expected one of ${RECORDED.join(', ')}`
        : `mode: expected one of ${MODES.join(', ')}`,
    );
  }
  return {
    trigger: parseTrigger(parsed.data.trigger),
    mode: parsed.data.mode ?? DEFAULT_RUN.mode,
    ...(parsed.data.recorded === 'replace' ? { recorded: 'replace' as const } : {}),
  };
}

/**
 * "in place, when the step count passes 20" — for chart legends, notes and the CLI. `acts` is the
 * strategy's own gate (`Strategy.acts`: "compacts only once the context passes 167,000 tokens"):
 * given, the trigger is said as when the strategy is checked, so a compaction checked before every
 * call does not read as one made before every call.
 */
export function describeRun(run: RunConfig, acts?: string): string {
  const t = run.trigger;
  const when =
    t.kind === 'step-count'
      ? `when the history holds more than ${t.threshold} steps`
      : t.kind === 'token-limit'
        ? `before a call over ${t.tokens.toLocaleString('en-US')} tokens`
        : t.kind === 'every-k-calls'
          ? `every ${t.k} calls`
          : TRIGGER_LABELS[t.kind];
  const checked = acts ? `checked ${when}${t.onOverflow ? ' and on overflow' : ''}; ${acts}` : '';
  return `${run.mode === 'in-place' ? 'in place' : 'stateless'}, ${checked || `${when}${t.onOverflow ? ', and on overflow' : ''}`}${run.recorded === 'replace' ? ", instead of the run's own compactions" : ''}`;
}

export function isDefaultRun(run: RunConfig): boolean {
  return (
    run.mode === DEFAULT_RUN.mode &&
    run.trigger.kind === 'every-call' &&
    !run.trigger.onOverflow &&
    run.recorded !== 'replace'
  );
}

/**
 * "ran N times (when)": applications during the run, before or between its calls. The application
 * after the last step (the context a next call would receive) is not one of them.
 */
export function ranTimes(count: number, run: RunConfig): string {
  return `ran ${count} time${count === 1 ? '' : 's'} (${describeRun(run)})`;
}
