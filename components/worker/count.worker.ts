/// <reference lib="webworker" />
/** A counting helper: counts the share of strings the history worker sends it, on another core. */
import { countShare } from '../../lib/tokens/parallel';
import type { TokenizerId } from '../../lib/tokens/tokenizer';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (
  event: MessageEvent<{ id: number; texts: string[]; tokenizer: TokenizerId }>,
) => {
  const { id, texts, tokenizer } = event.data;
  scope.postMessage({ id, counts: countShare(texts, tokenizer) });
};
