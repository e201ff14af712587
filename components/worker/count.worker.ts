/// <reference lib="webworker" />
/**
 * A counting helper: counts the share of strings the history worker sends it, on another core.
 * They come packed in a transferred buffer, which goes back with the counts (count-helpers.ts).
 */
import { countShare } from '../../lib/tokens/parallel';
import { unpackTexts } from '../../lib/tokens/text-pack';
import type { TokenizerId } from '../../lib/tokens/tokenizer';

export interface CountAsk {
  readonly id: number;
  readonly buffer: ArrayBuffer;
  readonly lengths: Uint32Array;
  readonly tokenizer: TokenizerId;
}
export interface CountAnswer {
  readonly id: number;
  readonly counts: number[];
  readonly buffer: ArrayBuffer;
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<CountAsk>) => {
  const { id, buffer, lengths, tokenizer } = event.data;
  const counts = countShare(unpackTexts({ buffer, lengths }), tokenizer);
  const answer: CountAnswer = { id, counts, buffer };
  scope.postMessage(answer, [buffer]);
};
