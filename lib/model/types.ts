/**
 * The canonical step model: every importer lowers its format into these types once, and every
 * tokenizer, strategy, chart and exporter sees only them (STYLE.md §2).
 *
 * Seeds: 000 (typed steps: SystemPromptStep, TaskStep, ActionStep, ScratchpadStep), 004 (smolagents'
 * PlanningStep and FinalAnswerStep), 002 (summary steps with `tool_use_id` links), 003 (plan-step ids).
 * All values are treated as immutable: strategies return new objects and never edit their input.
 */

export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export const STEP_KINDS = [
  'system-prompt',
  'task',
  'action',
  'scratchpad',
  'planning',
  'final-answer',
  'summary',
] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/** Where a step came from, so the UI can show the original record. */
export interface StepSource {
  /** Importer id, e.g. `stepscope`, `seed-steps`, `openai-messages`. */
  readonly format: string;
  readonly file?: string;
  /** 1-based line for line-oriented files (JSONL). */
  readonly line?: number;
  /** RFC 6901 JSON pointer to the record inside the file. */
  readonly pointer?: string;
}

/** Token usage a history reports for one model call (or a whole run). */
export interface Usage {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly totalTokens?: number;
  readonly cacheReadInputTokens?: number;
  readonly cacheCreationInputTokens?: number;
  /**
   * Of `cacheCreationInputTokens`, the part written with a 1-hour lifetime (Anthropic's
   * `cache_creation.ephemeral_1h_input_tokens`, billed at 2x input where 5-minute writes are 1.25x).
   */
  readonly cacheCreation1hInputTokens?: number;
  /**
   * What `inputTokens` counts. `uncached`: input apart from cache reads and writes, reported beside
   * it (Anthropic's convention; Claude Code, pi, Cline, OpenHands' Anthropic usage); `total`: every
   * prompt token, the cached part included (OpenAI, Gemini, Codex, LiteLLM). Absent: `uncached`
   * when the record reports cache writes, else `total` (`promptTokensOf`).
   */
  readonly inputCounts?: 'uncached' | 'total';
  readonly costUsd?: number;
}

/** One tool call inside an action; its result is linked to it by `id` (parallel calls are common). */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: JsonValue;
  /** The tool's output as the model saw it. Undefined: the call never got a result. */
  readonly result?: string;
  readonly isError?: boolean;
}

interface StepBase {
  /** Stable id, unique within its history. */
  readonly id: string;
  /** Seed 001: assigned on `add` as `len(steps)`. */
  readonly stepNumber: number;
  /** Unix time in seconds, as the seed's `time.time()`. */
  readonly timestamp?: number;
  /** Seed 003: the plan step this step belongs to. */
  readonly planStepId?: string;
  readonly source?: StepSource;
  /**
   * Parts of the step a strategy cut out (see `StepPart`). Absent on every original step; set only
   * on a strategy's partial variant of a step, so the original stays whole.
   */
  readonly omitted?: readonly StepPart[];
  /**
   * The page's preview of a step of a large run (lib/model/preview.ts): texts over
   * `PREVIEW_CHARS` cut. The history worker holds the whole step; never set on a step it holds.
   */
  readonly preview?: true;
}

export interface SystemPromptStep extends StepBase {
  readonly kind: 'system-prompt';
  readonly content: string;
}

export interface TaskStep extends StepBase {
  readonly kind: 'task';
  readonly task: string;
}

export interface ActionStep extends StepBase {
  readonly kind: 'action';
  /** The agent's reasoning, when the format records it apart from the raw response. */
  readonly thought?: string;
  /** Seed 000 `raw_llm_response`: the full model response text. */
  readonly modelOutput?: string;
  readonly toolCalls: readonly ToolCall[];
  /** An observation not linked to any one call (seed 000's single `observation`). */
  readonly observation?: string;
  readonly error?: string;
  readonly isFinal: boolean;
  readonly usage?: Usage;
  readonly durationMs?: number;
  readonly model?: string;
}

export interface ScratchpadStep extends StepBase {
  readonly kind: 'scratchpad';
  readonly content: string;
  readonly modelOutput: string;
}

export interface PlanItem {
  readonly id: string;
  readonly title: string;
  readonly status?: 'pending' | 'in_progress' | 'done';
}

export interface PlanningStep extends StepBase {
  readonly kind: 'planning';
  readonly plan: string;
  /** Seed 003: the structured plan, when the format records one. */
  readonly planItems?: readonly PlanItem[];
  readonly usage?: Usage;
}

export interface FinalAnswerStep extends StepBase {
  readonly kind: 'final-answer';
  readonly answer: string;
}

export interface SummaryStep extends StepBase {
  readonly kind: 'summary';
  readonly content: string;
  /** Ids of the original steps this summary stands for. */
  readonly replaces: readonly string[];
  /** `model`: written by the agent (seed 003 `summarize_step`); otherwise produced by a strategy. */
  readonly origin: 'model' | 'extractive' | 'endpoint';
  /** A compaction the framework itself made and recorded in the file (origin `model`). */
  readonly compaction?: RecordedCompaction;
}

/**
 * What a file records about a compaction its framework made: the summary step carrying it replaces
 * the steps the framework dropped (`replaces`); its `content` is the summary the model then read
 * (empty when the framework only forgot, as OpenHands' amortized forgetting does).
 */
export interface RecordedCompaction {
  /** The record as the file names it: `compacted` (Codex), `condensation` (OpenHands), `compact_boundary` (Claude Code), ... */
  readonly recordedAs: string;
  /** The context's size before it, in tokens, when the file says (pi's `tokensBefore`, Claude Code's `preTokens`). */
  readonly tokensBefore?: number;
  /** The context's size after it, in tokens, when the file says (Gemini CLI's `newTokenCount`). */
  readonly tokensAfter?: number;
  /** `auto` when the framework triggered it at its threshold, `manual` when the user asked (`/compact`). */
  readonly trigger?: 'auto' | 'manual';
  /** false: the file does not hold what it dropped (Letta's evicted messages, a compressed Gemini history). */
  readonly droppedInFile?: false;
}

export type Step =
  | SystemPromptStep
  | TaskStep
  | ActionStep
  | ScratchpadStep
  | PlanningStep
  | FinalAnswerStep
  | SummaryStep;

export type StepOfKind<K extends StepKind> = Extract<Step, { kind: K }>;

/**
 * A part of a step that becomes its own message (or content block) in some dialect. Strategies that
 * work on messages can drop a part without dropping the whole step: `thought` (the assistant text),
 * `call:<id>`, `result:<id>`, `observation`, `error`, and `content` for single-part steps.
 */
export type StepPart = string;

/** A sub-agent's history, linked to the step that spawned it. */
export interface ChildHistory {
  readonly parentStepId: string;
  readonly history: History;
}

/**
 * A model call the file records on a branch the history does not show (a rewound or forked Claude
 * Code session, another branch of a pi tree): it was billed, so what you paid counts it, but it
 * is not part of the context any shown call received.
 */
export interface OffBranchCall {
  readonly model?: string;
  readonly timestamp?: number;
  readonly usage: Usage;
}

export interface History {
  readonly id: string;
  readonly title?: string;
  /** Importer id of the file this history came from. */
  readonly format?: string;
  readonly model?: string;
  readonly steps: readonly Step[];
  readonly children?: readonly ChildHistory[];
  /** Usage the file reports for the whole run. */
  readonly usage?: Usage;
  /**
   * The run's usage per model, where the file reports it so (Inspect's `model_usage`: the solver
   * and a grader): each is priced as its own model. `usage` is their sum.
   */
  readonly usageByModel?: Readonly<Record<string, Usage>>;
  /** Calls on branches not shown, billed all the same (see `OffBranchCall`). */
  readonly offBranchCalls?: readonly OffBranchCall[];
  /** Outcome, when the format records one (reward, exit status). */
  readonly outcome?: string;
  readonly meta?: Readonly<Record<string, JsonValue>>;
}

/** What a file holds: one history or many (a benchmark file of 200 runs). */
export interface HistoryFile {
  readonly histories: readonly History[];
}

/** A step before it has an id and a number (`Omit` distributed over the union). */
export type StepDraft = Step extends infer S
  ? S extends Step
    ? Omit<S, 'id' | 'stepNumber'>
    : never
  : never;
