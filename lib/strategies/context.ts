/** Building a `StrategyContext` with sensible defaults (o200k, OpenAI dialect, the model's window). */
import type { Dialect } from '../messages/types';
import { contextWindowFor } from '../tokens/models';
import { createStepTokens, type StepTokens } from '../tokens/step-tokens';
import type { TokenizerId } from '../tokens/tokenizer';
import { extractiveSummarizer, type Summarizer } from './summarizer';
import type { StrategyContext } from './types';

export interface ContextOptions {
  tokenizer?: TokenizerId;
  dialect?: Dialect;
  model?: string;
  contextWindow?: number;
  summarizer?: Summarizer;
  /** Counts already made for this tokenizer and dialect (a loaded file's); built fresh otherwise. */
  tokens?: StepTokens;
}

export function createStrategyContext(options: ContextOptions = {}): StrategyContext {
  return {
    tokens: options.tokens ?? createStepTokens(options.tokenizer, options.dialect ?? 'recorded'),
    contextWindow: options.contextWindow ?? contextWindowFor(options.model),
    summarizer: options.summarizer ?? extractiveSummarizer,
  };
}
