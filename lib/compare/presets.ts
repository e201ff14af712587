/**
 * Named starting points for a comparison: each framework's context strategy as that framework runs
 * it: its defaults (the strategy files cite their sources), and when and on what it runs.
 * - tinyAgent: seed 004's `ReactAgent(enable_pruning=True)`: every observation recorded as
 *   `result[:MAX_OBS_LEN] + "..."` (500), then `memory.prune(prune_old_observations(prune_keep_last=5))`
 *   after each step, in place.
 * - Strands: `SlidingWindowConversationManager(window_size=40)`: `apply_management` after each
 *   invocation, in place, and `reduce_context` when a request overflows the window.
 * - Claude Code: auto-compaction before a call past the window minus its buffer, in place.
 * - Anthropic `clear_tool_uses`: the API edits every request server-side; the client keeps the full
 *   history (stateless, every call).
 * - LangChain `trim_messages` in the model node: applied to the full state before every call.
 * - seed 002: `apply_sliding_window()` after each query, in place.
 * - seed 003: the task history keeps every turn and renders summaries on demand (stateless).
 */
import type { RunConfig } from '../simulate/run-config';
import type { StrategyChoice } from './config';

export interface Preset {
  readonly id: string;
  readonly label: string;
  readonly choice: StrategyChoice;
}

const inPlace = (trigger: RunConfig['trigger']): RunConfig => ({ mode: 'in-place', trigger });

export const PRESETS: readonly Preset[] = [
  {
    id: 'strands-default',
    label: 'Strands default (window 40, after each invocation)',
    choice: {
      strategyId: 'strands-sliding-window',
      params: { windowSize: 40 },
      run: inPlace({ kind: 'after-invocation', onOverflow: true }),
    },
  },
  {
    id: 'anthropic-clear-tool-uses',
    label: 'Anthropic clear_tool_uses default',
    choice: { strategyId: 'clear-tool-uses', params: {} },
  },
  {
    id: 'tinyagent-last-5',
    label: 'tinyAgent (prune_keep_last=5 after each step, MAX_OBS_LEN 500)',
    choice: {
      strategyId: 'prune-old-observations',
      params: { keepLastN: 5, maxLength: 100, recordMaxLength: 500 },
      run: inPlace({ kind: 'after-step', onOverflow: false }),
    },
  },
  {
    id: 'claude-code-compact',
    label: 'Claude Code auto-compact',
    choice: {
      strategyId: 'compact-conversation',
      params: {},
      run: inPlace({ kind: 'every-call', onOverflow: false }),
    },
  },
  {
    id: 'langchain-100k',
    label: 'LangChain trim to 100k',
    choice: { strategyId: 'token-budget', params: { maxTokens: 100_000 } },
  },
  {
    id: 'seed-001-threshold',
    label: 'seed 001 loop (keep last 10 when over 20 steps)',
    choice: {
      strategyId: 'keep-last-n-steps',
      params: { n: 10 },
      run: inPlace({ kind: 'step-count', threshold: 20, onOverflow: false }),
    },
  },
  {
    id: 'seed-002-window',
    label: 'seed 002 sliding window (after each query)',
    choice: {
      strategyId: 'trajectory-sliding-window',
      params: {},
      run: inPlace({ kind: 'after-invocation', onOverflow: false }),
    },
  },
  {
    id: 'plan-step-summaries',
    label: 'plan-step summaries',
    choice: { strategyId: 'summarize-plan-steps', params: {} },
  },
];
