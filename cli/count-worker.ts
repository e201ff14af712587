/** A counting helper on its own thread (Node's worker_threads): counts the shares it is sent. */
import { parentPort } from 'node:worker_threads';
import { countShare } from '../lib/tokens/parallel';
import type { TokenizerId } from '../lib/tokens/tokenizer';

parentPort?.on('message', (m: { id: number; texts: string[]; tokenizer: TokenizerId }) => {
  parentPort?.postMessage({ id: m.id, counts: countShare(m.texts, m.tokenizer) });
});
